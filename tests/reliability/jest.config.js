/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'reliability',
  rootDir: __dirname,
  // The fault scenarios start brokers, databases and app processes of their own: one file at a time.
  maxWorkers: 1,
};
