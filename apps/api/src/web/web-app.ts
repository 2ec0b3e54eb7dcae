import type { INestApplication } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Paths the API owns; the web app never answers under them. */
const API_PATHS = ['/v1', '/docs', '/docs-json', '/health', '/metrics'];

const ownedByApi = (path: string) => API_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * Serves the built web app (apps/web/dist) at `/`: its files as they are (hashed assets cached for a
 * year), and index.html for every other GET of a page path, so deep links such as
 * `/games/<id>?step=12` reload into the app. API paths and missing files (a path with an extension)
 * fall through to the API's own routes and JSON 404.
 */
export function serveWebApp(app: INestApplication, dir: string): void {
  const index = join(dir, 'index.html');
  const files = express.static(dir, {
    index: false,
    setHeaders: (res, file) => res.setHeader('cache-control', file.includes(`${join(dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  // An API request never names a file: skip the static lookup (a failing stat() per request, ~8% of a seek's CPU).
  app.use((req: Request, res: Response, next: NextFunction) => (ownedByApi(req.path) ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || ownedByApi(req.path) || /\.[a-z0-9]+$/i.test(req.path)) return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built: run `npx nx run web:build` (npm start builds it).\n');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  });
}
