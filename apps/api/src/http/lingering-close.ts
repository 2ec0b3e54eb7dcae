import type { Request, Response } from 'express';

/**
 * How much of a refused body is read and thrown away after the answer (a lingering close). A client
 * still writing its body when the answer comes must be able to finish writing and read the answer:
 * a socket closed under it loses the answer to EPIPE or a reset. Past any of these, the socket is
 * closed instead, so a client cannot keep the server reading a body nobody will use.
 */
export const LINGER = { bytes: 64 * 1024 * 1024, idleMs: 2_000, totalMs: 10_000 } as const;

/**
 * Answers a request refused before (or instead of) reading its body: `answer` writes the response.
 * The rest of the body is then read and discarded, so the client can finish writing and read its
 * answer, and the connection serves its next request. A body declared larger than the linger
 * allows, or one that stalls, is not waited for: its connection is closed after the answer, so
 * unread bytes never reach a next request. (Left to itself, Node reads a refused body to its end,
 * however long, until the server's request timeout.)
 */
export function answerBeforeBody(req: Request, res: Response, answer: () => void): void {
  const unread = !req.readableEnded && hasBody(req);
  const declared = Number(req.headers['content-length'] ?? 0);
  const closeAtOnce = unread && declared > LINGER.bytes;
  if (closeAtOnce) res.setHeader('connection', 'close');
  answer();
  if (closeAtOnce) res.on('finish', () => req.socket.destroySoon?.() ?? req.socket.end());
  else if (unread) discardRest(req);
}

/** Whether the request says a body follows (HTTP/1.1: a length above 0, or chunked). */
function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  return Number(req.headers['content-length'] ?? 0) > 0;
}

/** Reads the rest of a refused body into nothing; closes the socket past the linger's limits. */
function discardRest(req: Request): void {
  const socket = req.socket;
  let discarded = 0;
  let idle: NodeJS.Timeout | undefined;
  const stop = (close: boolean) => {
    clearTimeout(idle);
    clearTimeout(total);
    req.off('data', onData);
    req.off('end', onDone);
    socket.off('close', onDone);
    if (close) socket.destroy();
  };
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop(true), LINGER.idleMs);
  };
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER.bytes) stop(true);
    else arm();
  };
  const onDone = () => stop(false);
  const total = setTimeout(() => stop(true), LINGER.totalMs);
  arm();
  req.on('data', onData);
  req.once('end', onDone);
  socket.once('close', onDone);
  req.resume();
}
