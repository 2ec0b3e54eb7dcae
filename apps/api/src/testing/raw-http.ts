import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';

/** One request on `agent`, any socket error a failure: its status, and whether it went on a socket used before. */
export function exchange(agent: Agent, base: string, options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer }) {
  return new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const url = new URL(options.path, base);
    const req = httpRequest({ agent, host: url.hostname, port: url.port, method: options.method, path: url.pathname, headers: options.headers }, (res) => {
      res.resume();
      // The socket goes back to the agent once the answer is read and the request written.
      const done = () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket });
      res.on('end', () => (req.writableFinished ? done() : req.once('finish', done)));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Writes `head` (a request line and headers, up to and with the blank line, then any body bytes)
 * on a socket of its own and never writes again: everything the server sent until it closed the
 * connection. Resolves only when the server closes it.
 */
export async function untilServerCloses(base: string, head: string): Promise<string> {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  try {
    let received = '';
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.write(head);
    await closed;
    return received;
  } finally {
    socket.destroy();
  }
}
