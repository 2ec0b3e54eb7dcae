// Shared Jest settings: SWC transpiles TypeScript (type checking is the `typecheck` target),
// workspace libraries resolve to their sources, and service probes run once per project.
const path = require('node:path');

const root = __dirname;

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^@cardlog/(events|rules|store|testing|bus|recording|projections)$': path.join(root, 'libs/$1/src/index.ts'),
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  // A suite that never hangs: every test has a deadline (specs that start services raise theirs
  // with jest.setTimeout, never above a few minutes), and a worker whose test left a handle open
  // (a socket, a timer) is ended once its file is done rather than keeping the run alive. Specs
  // still close what they start in finally/afterAll; this is the net under them.
  testTimeout: 60_000,
  forceExit: true,
  globalSetup: path.join(root, 'tools/jest/global-setup.js'),
  reporters: ['default', path.join(root, 'tools/jest/summary-reporter.js')],
};
