import { resolve } from 'node:path';
import { connectOptionsFor, databaseFromEnv } from './environment';

describe('databaseFromEnv', () => {
  it('uses DATABASE_URL when set, else the embedded folder', () => {
    expect(databaseFromEnv({ DATABASE_URL: ' postgres://db/cardlog ' })).toEqual({ databaseUrl: 'postgres://db/cardlog', dataDir: resolve('.cardlog/data') });
    expect(databaseFromEnv({ DATABASE_URL: '', CARDLOG_DATA_DIR: '/srv/cardlog' })).toEqual({ dataDir: '/srv/cardlog' });
    expect(connectOptionsFor(databaseFromEnv({ DATABASE_URL: 'postgresql://db/x' }))).toEqual({ url: 'postgresql://db/x' });
    expect(connectOptionsFor(databaseFromEnv({ CARDLOG_DATA_DIR: '/d' }))).toEqual({ dataDir: '/d' });
  });

  it('names a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => databaseFromEnv({ DATABASE_URL: 'mysql://db' })).toThrow(/DATABASE_URL must be a postgres/);
  });
});
