import { Test } from '@nestjs/testing';
import { loadProjectorConfig } from './config';
import { PROJECTOR_DATABASE, ProjectorModule } from './projector.module';
import type { Database } from '@cardlog/store';

jest.setTimeout(30_000);

describe('the projector application context', () => {
  it('boots on embedded PGlite with a migrated schema and closes cleanly', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [ProjectorModule.forRoot({ ...loadProjectorConfig({ LOG_LEVEL: 'silent' }), dataDir: 'memory' })],
    }).compile();
    const app = await moduleRef.init();
    const db = app.get<Database>(PROJECTOR_DATABASE);
    const [row] = await db.sql<{ count: string }[]>`select count(*) from schema_migrations`;
    expect(Number(row!.count)).toBeGreaterThan(0);
    expect(db.kind).toBe('embedded');
    await app.close();
  });

  it('reads Kafka brokers and the database URL from the environment', () => {
    expect(loadProjectorConfig({ KAFKA_BROKERS: 'a:9092, b:9092', DATABASE_URL: 'postgres://x/y' })).toMatchObject({
      kafkaBrokers: ['a:9092', 'b:9092'],
      databaseUrl: 'postgres://x/y',
    });
  });
});
