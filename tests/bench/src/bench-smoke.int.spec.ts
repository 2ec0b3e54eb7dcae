import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeWith } from '@cardlog/testing';

const root = join(__dirname, '..', '..', '..');

interface Side {
  label: string;
  unit: string;
  median: number;
  min: number;
  max: number;
  n: number;
  /** Median CPU per unit of work in µs, by process: `process` (the bench's own), `postgres`, and any it watched. */
  cpuMicrosPerUnit?: Record<string, number>;
}
interface Result {
  bench: string;
  path: string;
  subject: Side;
  baseline: Side;
  ratio: { median: number; min: number; max: number };
  target: number | null;
}
/** bench/results/NAME.json: one bench's run. */
interface Report {
  bench: string;
  exitCode: number;
  smoke: boolean;
  node: string;
  results: Result[];
}

const BENCHES = ['ingest', 'projector', 'rules', 'seek', 'stats'];

// Only that the benches run and report well-formed ratios: a benchmark's speed is never asserted
// (the figures are meaningful only as ratios in a quiet run, `npm run bench`).
describeWith(['postgres', 'kafka'], 'npm run bench -- --smoke', () => {
  let files: string[];
  let reports: Report[];
  let output = '';
  const out = mkdtempSync(join(tmpdir(), 'cardlog-bench-smoke-'));

  beforeAll(async () => {
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [join(root, 'bench/run.mjs'), '--smoke', `--out=${out}`], { cwd: root, env: process.env });
      child.stdout.on('data', (c) => (output += c));
      child.stderr.on('data', (c) => (output += c));
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`the smoke run exited ${code}:\n${output}`);
    files = readdirSync(out).sort();
    reports = files.map((f) => JSON.parse(readFileSync(join(out, f), 'utf8')) as Report);
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('every bench runs to the end and writes its own file, with its own paths', () => {
    expect(files).toEqual(BENCHES.map((b) => `${b}.json`));
    for (const [i, report] of reports.entries()) {
      expect({ bench: report.bench, smoke: report.smoke, exitCode: report.exitCode }).toEqual({ bench: BENCHES[i], smoke: true, exitCode: 0 });
      expect(typeof report.node).toBe('string');
      expect(report.results.length).toBeGreaterThan(0);
      expect(report.results.filter((r) => r.bench !== report.bench)).toEqual([]);
    }
  });

  it('every path of the issue has a result', () => {
    const paths = reports.flatMap((report) => report.results).map((r) => r.path);
    for (const system of ['aegis', 'born-from-blood', 'devacurse', 'summoner-master']) {
      expect(paths).toContain(`rules replay with validation · ${system}`);
    }
    for (const path of ['HTTP upload (CLI → API → PostgreSQL)', 'HTTP upload until its read models are built', 'relay to Kafka', 'EventStore.append', 'EventStore.append vs COPY with the same indexes', 'EventStore.append vs a peer event store', 'COPY with the indexes of events vs the peer', 'memory: API resident set during the uploads', 'projection (ProjectionRunner.apply)', 'reading the pages + the fold, writing nothing', 'reading the pages + writing the read models server-side', 'projector from Kafka', '/state?step=N (seek)']) {
      expect(paths).toContain(path);
    }
    expect(paths.some((p) => p.startsWith('/v1/stats/cards at '))).toBe(true);
  });

  it('every ratio is a positive finite number over positive finite measurements', () => {
    for (const r of reports.flatMap((report) => report.results)) {
      for (const n of [r.ratio.median, r.ratio.min, r.ratio.max, r.subject.median, r.baseline.median]) {
        expect({ path: r.path, ok: Number.isFinite(n) && n > 0 }).toEqual({ path: r.path, ok: true });
      }
      expect(r.ratio.min).toBeLessThanOrEqual(r.ratio.max);
      expect(typeof r.subject.label).toBe('string');
      expect(typeof r.baseline.unit).toBe('string');
    }
  });

  it('the compared paths say where their CPU went: this process, the PostgreSQL server and the API', () => {
    const results = reports.flatMap((report) => report.results);
    const cpuOf = (path: string) => {
      const r = results.find((x) => x.path === path)!;
      return { subject: r.subject.cpuMicrosPerUnit, baseline: r.baseline.cpuMicrosPerUnit };
    };
    const finite = (cpu: Record<string, number> | undefined, who: string[]) =>
      who.every((w) => cpu !== undefined && Number.isFinite(cpu[w]) && cpu[w]! >= 0) && Object.keys(cpu ?? {}).sort().join() === [...who].sort().join();
    for (const path of ['projection (ProjectionRunner.apply)', 'projector from Kafka', 'EventStore.append vs a peer event store']) {
      const { subject, baseline } = cpuOf(path);
      expect({ path, subject: finite(subject, ['process', 'postgres', ...(path.startsWith('EventStore') ? ['api'] : [])]) }).toEqual({ path, subject: true });
      expect({ path, baseline: finite(baseline, ['process', 'postgres', ...(path.startsWith('EventStore') ? ['api'] : [])]) }).toEqual({ path, baseline: true });
    }
    // The upload's work is mostly the API's: its CPU is counted.
    expect(finite(cpuOf('HTTP upload (CLI → API → PostgreSQL)').subject, ['process', 'postgres', 'api'])).toBe(true);
    expect(cpuOf('HTTP upload (CLI → API → PostgreSQL)').subject!.api).toBeGreaterThan(0);
  });
});
