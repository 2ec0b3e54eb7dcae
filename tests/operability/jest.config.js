/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'operability',
  rootDir: __dirname,
  // Each file starts servers of its own on fixed ports: one file at a time.
  maxWorkers: 1,
  testTimeout: 5 * 60_000,
};
