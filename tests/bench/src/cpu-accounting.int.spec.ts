import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeWith } from '@cardlog/testing';

const root = join(__dirname, '..', '..', '..');

// The benches count the PostgreSQL server's CPU over a round from /proc. Other clients' backends
// come and go meanwhile (the test suite runs beside the smoke run): one that ends during a round
// must not take the time it spent before the round out of the round's figure.
const script = `
  import { interleave, pgServer, require } from ${JSON.stringify(pathToFileURL(join(root, 'bench/common.mjs')).href)};
  const postgres = require('postgres');
  const clients = [];
  for (let i = 0; i < 3; i++) {
    const sql = postgres(pgServer(), { max: 1, onnotice: () => undefined });
    await sql\`select count(*) from generate_series(1, 2000000)\`; // CPU in a backend of its own
    clients.push(sql);
  }
  const rates = await interleave({ close: async () => { for (const sql of clients) await sql.end(); return 1; } }, { rounds: 1, warmup: false });
  console.log(JSON.stringify(rates.close.cpu));
`;

describeWith(['postgres'], 'the benches’ CPU accounting', () => {
  it('a server process that ends during a round takes none of the round’s time below zero', async () => {
    let output = '';
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env: process.env });
      child.stdout.on('data', (c) => (output += c));
      child.stderr.on('data', (c) => (output += c));
      child.once('exit', resolve);
    });
    expect({ code, output }).toEqual({ code: 0, output: expect.any(String) });
    const cpu = JSON.parse(output.trim().split('\n').pop()!) as Record<string, number[]>;
    expect(cpu.postgres).toHaveLength(1);
    expect(cpu.postgres![0]).toBeGreaterThanOrEqual(0);
    expect(cpu.process![0]).toBeGreaterThanOrEqual(0);
  });
});
