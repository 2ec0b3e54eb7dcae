import { resolve } from 'node:path';
import { connectOptionsFor, databaseFromEnv } from './environment';

describe('databaseFromEnv', () => {
  it('uses DATABASE_URL when set, else the embedded folder', () => {
    expect(databaseFromEnv({ DATABASE_URL: ' postgres://db/cardlog ' })).toEqual({ databaseUrl: 'postgres://db/cardlog', dataDir: resolve('.cardlog/data') });
    expect(databaseFromEnv({ DATABASE_URL: '', CARDLOG_DATA_DIR: '/srv/cardlog' })).toEqual({ dataDir: '/srv/cardlog' });
    expect(connectOptionsFor(databaseFromEnv({ DATABASE_URL: 'postgresql://db/x' }))).toEqual({ url: 'postgresql://db/x' });
    expect(connectOptionsFor(databaseFromEnv({ CARDLOG_DATA_DIR: '/d' }))).toEqual({ dataDir: '/d' });
  });

  it('sizes the pool from DATABASE_POOL_MAX and names the process to the server', () => {
    const where = databaseFromEnv({ DATABASE_URL: 'postgres://db/x', DATABASE_POOL_MAX: '4' });
    expect(where.poolMax).toBe(4);
    expect(connectOptionsFor(where, 'cardlog-api')).toEqual({ url: 'postgres://db/x', max: 4, applicationName: 'cardlog-api' });
    expect(connectOptionsFor(databaseFromEnv({ DATABASE_POOL_MAX: '4', CARDLOG_DATA_DIR: '/d' }), 'cardlog-api')).toEqual({ dataDir: '/d' });
    for (const bad of ['0', '-1', 'ten', '2.5', '1001']) {
      expect(() => databaseFromEnv({ DATABASE_POOL_MAX: bad })).toThrow(`DATABASE_POOL_MAX must be an integer from 1 to 1000, got "${bad}"`);
    }
  });

  it('names a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => databaseFromEnv({ DATABASE_URL: 'mysql://db' })).toThrow(/DATABASE_URL must be a postgres/);
  });
});
