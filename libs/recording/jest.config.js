/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'recording',
  rootDir: __dirname,
};
