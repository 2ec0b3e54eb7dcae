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

export function loggerParams(level: string, destination?: NodeJS.WritableStream): Params {
  return {
    pinoHttp: [
      {
        level,
        redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
        // Health probes would drown everything else.
        autoLogging: { ignore: (req) => req.url === '/health' },
        customProps: () => ({ app: 'api' }),
      },
      ...(destination ? [destination] : []),
    ] as Params['pinoHttp'],
  };
}
