// `npm run cardlog -- …`: brings the CLI's build up to date (quietly: the build's output is shown
// only when it fails), then runs the command in this process, so its output is the command's alone.
import { join } from 'node:path';
import { ensureBuilt } from './ensure-built.mjs';

const root = new URL('..', import.meta.url).pathname;
const failed = ensureBuilt('@cardlog/cli');
if (failed) {
  process.stderr.write(failed.output);
  console.error(`cardlog: building the CLI failed (${failed.reason})`);
  process.exit(70);
}
await import(join(root, 'apps', 'cli', 'bin', 'cardlog.js'));
