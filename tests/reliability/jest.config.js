/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'reliability',
  rootDir: __dirname,
  // The fault scenarios start brokers, databases and app processes of their own: one file at a time.
  maxWorkers: 1,
  testTimeout: 10 * 60_000,
  // Whatever a test started and could not stop (a hook that timed out) is killed before Jest exits.
  setupFilesAfterEnv: ['<rootDir>/src/harness/cleanup.ts'],
};
