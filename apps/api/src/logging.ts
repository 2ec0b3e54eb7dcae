import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';

/**
 * Paths pino removes before a line is written: credentials never reach the logs, whatever the
 * route or the error.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.token',
  '*.password',
  'token',
];

/** A request id: the caller's `X-Request-Id` when it is a sane token, else a fresh UUID. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * JSON lines with a request id on every line of a request (and the game id where a route names
 * one); pretty single lines when `pretty` (a terminal), through pino-pretty in a worker thread.
 */
export function loggerParams(level: string, destination?: NodeJS.WritableStream, pretty = false): Params {
  return {
    pinoHttp: [
      {
        level,
        genReqId: requestId,
        redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
        ...(pretty && !destination
          ? { transport: { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,app' } } }
          : {}),
        // Health probes would drown everything else.
        autoLogging: { ignore: (req) => req.url === '/health' },
        customProps: (req: IncomingMessage) => {
          const game = /^\/v1\/games\/([0-9a-f-]{36})(?:\/|$|\?)/i.exec(req.url ?? '')?.[1];
          return game ? { app: 'api', gameId: game } : { app: 'api' };
        },
      },
      ...(destination ? [destination] : []),
    ] as Params['pinoHttp'],
  };
}
