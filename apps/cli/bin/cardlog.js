#!/usr/bin/env node
'use strict';
// The `cardlog` command: a thin launcher for the compiled CLI (`npm run cardlog` builds it first).
let main;
try {
  ({ main } = require('../dist/main.js'));
} catch (error) {
  // Only our own dist/main.js missing means "not built": a module missing further down names
  // dist/main.js in its require stack, and must surface as itself.
  if (error && error.code === 'MODULE_NOT_FOUND' && /dist[\\/]main\.js'/.test(String(error.message).split('\n')[0])) {
    console.error('cardlog: the CLI is not built yet; run `npx nx run cli:build` (or `npm run -s cardlog -- …`, which builds it)');
    process.exit(70);
  }
  throw error;
}

// `cardlog validate … | head` closes the pipe early: stop quietly instead of crashing.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`cardlog: unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 70;
  },
);
