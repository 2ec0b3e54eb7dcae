// Writes each Jest run's counts to reports/jest/<project>.json so `npm test` can print one total
// across every project, including how many suites were skipped for a missing service.
const { mkdirSync, writeFileSync } = require('node:fs');
const { basename, join } = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.globalConfig = globalConfig;
  }

  onRunComplete(_contexts, results) {
    const root = join(__dirname, '..', '..', 'reports', 'jest');
    mkdirSync(root, { recursive: true });
    const project = basename(this.globalConfig.rootDir);
    writeFileSync(
      join(root, `${project}.json`),
      JSON.stringify({
        project,
        passed: results.numPassedTests,
        failed: results.numFailedTests,
        skipped: results.numPendingTests + results.numTodoTests,
        suitesFailed: results.numFailedTestSuites + (results.numRuntimeErrorTestSuites ?? 0),
        total: results.numTotalTests,
      }),
    );
  }
}

module.exports = SummaryReporter;
