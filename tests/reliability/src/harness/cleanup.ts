import { killEveryAppProcess } from './app-process';

// Runs after each test file's own afterAll hooks: nothing an interrupted test started outlives it.
afterAll(() => killEveryAppProcess());
