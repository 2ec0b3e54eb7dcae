// `npm run projector`: build the projector when it is not current, and run it in this process, so
// signals reach it directly. It needs DATABASE_URL and KAFKA_BROKERS (the full stack; the embedded
// default runs the projection inside the API).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './ensure-built.mjs';

const root = new URL('..', import.meta.url).pathname;
const failed = ensureBuilt('@cardlog/projector');
if (failed) {
  process.stderr.write(failed.output);
  process.stderr.write(`cardlog: the projector build failed (${failed.reason})\n`);
  process.exit(1);
}
await import(pathToFileURL(join(root, 'apps', 'projector', 'dist', 'main.js')).href);
