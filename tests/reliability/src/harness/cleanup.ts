import { credentialsInLogs, killEveryAppProcess } from './app-process';

// Runs after each test file's own afterAll hooks: nothing an interrupted test started outlives it,
// and no line any app process of the file wrote carries a token or an Authorization value.
afterAll(() => {
  killEveryAppProcess();
  const seen = credentialsInLogs();
  if (seen.length > 0) throw new Error(`credentials in the app processes' logs: ${[...new Set(seen)].slice(0, 10).join(', ')}`);
});
