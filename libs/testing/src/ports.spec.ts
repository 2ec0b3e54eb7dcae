import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('freePort', () => {
  const saved = process.env.CARDLOG_TEST_PORT_RANGE;
  afterEach(() => {
    if (saved === undefined) delete process.env.CARDLOG_TEST_PORT_RANGE;
    else process.env.CARDLOG_TEST_PORT_RANGE = saved;
  });

  it('hands out ports below the ephemeral range that a server can then bind, a different one each time', async () => {
    delete process.env.CARDLOG_TEST_PORT_RANGE;
    const ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    const ports = [await freePort(), await freePort(), await freePort()];
    expect(new Set(ports).size).toBe(3);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20000);
      expect(port).toBeLessThan(ephemeralLow);
      const server = await listen(port);
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('skips a port some other server listens on and one another live process claimed, and takes over a dead claim', async () => {
    // A range of three ports of this test's own (a suite running beside it picks elsewhere).
    const low = 20000 + Math.floor(Math.random() * 4000) * 3;
    process.env.CARDLOG_TEST_PORT_RANGE = `${low}-${low + 2}`;
    const dir = join(tmpdir(), 'cardlog-test-ports');
    mkdirSync(join(dir, String(low + 1)), { recursive: true });
    writeFileSync(join(dir, String(low + 1), 'pid'), '1'); // init: alive, not this process
    mkdirSync(join(dir, String(low + 2)), { recursive: true });
    writeFileSync(join(dir, String(low + 2), 'pid'), '2147483646'); // no such process
    const foreign = await listen(low);
    try {
      expect(await freePort()).toBe(low + 2);
      await expect(freePort()).rejects.toThrow(`no free port left in ${low}-${low + 2}`);
    } finally {
      await new Promise((resolve) => foreign.close(resolve));
      for (const port of [low, low + 1, low + 2]) rmSync(join(dir, String(port)), { recursive: true, force: true });
    }
  });

  it('names a malformed range', async () => {
    process.env.CARDLOG_TEST_PORT_RANGE = '19500';
    await expect(freePort()).rejects.toThrow('CARDLOG_TEST_PORT_RANGE must look like 19500-19599, not "19500"');
  });
});
