// Writes each Jest run's counts to reports/jest/<project>.json so `npm test` can print one total
// across every project, including how many suites were skipped for a missing service, and the
// names and first lines of every failure, so the end of a long CI log says what failed.
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
        failures: failuresOf(results, this.globalConfig.rootDir),
      }),
    );
  }
}

function failuresOf(results, rootDir) {
  const failures = [];
  for (const file of results.testResults) {
    const where = file.testFilePath.startsWith(rootDir) ? file.testFilePath.slice(rootDir.length + 1) : file.testFilePath;
    if (file.testExecError) failures.push({ file: where, test: '(suite did not run)', message: firstLines(file.testExecError.message) });
    for (const test of file.testResults) {
      if (test.status === 'failed') failures.push({ file: where, test: test.fullName, message: firstLines(test.failureMessages.join('\n')) });
    }
  }
  return failures;
}

function firstLines(text) {
  // eslint-disable-next-line no-control-regex
  return String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').filter((line) => line.trim() !== '').slice(0, 6).join('\n');
}

module.exports = SummaryReporter;
