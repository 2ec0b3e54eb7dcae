import { main } from './main';
import { captureIo } from './testing';

describe('cardlog main', () => {
  it('prints the usage for help and exits 0', async () => {
    const io = captureIo();
    expect(await main(['help'], io)).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/cardlog validate/);
  });

  it('exits 2 with the usage for no command, an unknown command or a bad option', async () => {
    for (const argv of [[], ['frobnicate'], ['validate', '--colour', 'x']]) {
      const io = captureIo();
      expect(await main(argv, io)).toBe(2);
      expect(io.stderr.join('\n')).toMatch(/usage:/);
    }
  });
});
