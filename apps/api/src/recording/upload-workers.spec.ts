import { existsSync } from 'node:fs';
import { findSystem, simulateGames } from '@cardlog/rules';
import { UPLOAD_WORKER_FILE, prepareBundle, prepareUpload } from '@cardlog/recording';
import { UploadQueueFull, UploadWorkers } from './upload-workers';

const document = () => simulateGames(1, 11)[0]!.document;

describe('the upload workers', () => {
  const pools: UploadWorkers[] = [];
  const pool = (size: number, queueLimit = 16) => {
    const workers = new UploadWorkers(size, queueLimit, 3);
    pools.push(workers);
    return workers;
  };
  afterAll(() => Promise.all(pools.map((p) => p.onModuleDestroy())));

  it('run from the built worker (libs/recording/dist; build it before the API’s tests)', () => {
    expect(existsSync(UPLOAD_WORKER_FILE)).toBe(true);
  });

  it('answer what preparing in this thread answers: games, refusals with their positions, catalogs and bundles', async () => {
    const workers = pool(2);
    const text = JSON.stringify(document());
    const stored = JSON.stringify({ ...document(), catalog: 'club@1' });
    const catalog = { id: 'club@1', cards: findSystem('born-from-blood')!.builtinCatalogs['demo-bfb@1']!.cards };
    const inputs: (string | Buffer)[] = [text, Buffer.from(text), '{"format": "cardlog/1",\n  nope}', Buffer.from([0x7b, 0x0a, 0xc3, 0x28]), JSON.stringify({ ...document(), events: [] }), stored];
    for (const input of inputs) expect(await workers.prepareUpload(input)).toEqual(prepareUpload(input));
    expect(await workers.prepareUpload(stored, catalog)).toEqual(prepareUpload(stored, catalog));
    for (const bundle of ['{}', 'not json']) expect(await workers.prepareBundle(bundle)).toEqual(prepareBundle(bundle));
    expect(workers.queued).toBe(0);
    expect(workers.running).toBe(0);
  });

  it('refuse past their queue, and refuse what still waits when the app closes', async () => {
    const workers = pool(1, 1);
    const text = JSON.stringify(document());
    const running = workers.prepareUpload(text);
    const waiting = workers.prepareUpload(text);
    await expect(workers.prepareUpload(text)).rejects.toBeInstanceOf(UploadQueueFull);
    expect(workers.queued).toBe(1);
    const settled = Promise.allSettled([running, waiting]);
    await workers.onModuleDestroy();
    const [, second] = await settled;
    expect(second).toMatchObject({ status: 'rejected', reason: expect.any(UploadQueueFull) });
    await expect(workers.prepareUpload(text)).rejects.toBeInstanceOf(UploadQueueFull);
  });
});
