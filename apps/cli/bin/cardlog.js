#!/usr/bin/env node
'use strict';
// The `cardlog` command: a thin launcher for the compiled CLI (`npm run cardlog` builds it first).
const { main } = require('../dist/main.js');

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
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 70;
  },
);
