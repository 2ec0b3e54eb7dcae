/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'web-e2e',
  rootDir: __dirname,
};
