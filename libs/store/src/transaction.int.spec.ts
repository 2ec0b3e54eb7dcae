import postgres from 'postgres';
import { createTestDatabase, describeWithPostgres } from '@cardlog/testing';
import { inTransaction } from './transaction';

jest.setTimeout(60_000);

/** postgres.js reads `max_pipeline` (queries sent ahead on one connection) though its types omit it. */
const pipeline = (max: number) => ({ max_pipeline: max }) as unknown as Record<string, never>;

/**
 * postgres.js 3.4.9 loses a transaction's reservation when its BEGIN is the query that fills a
 * connection's pipeline (porsager/postgres#823, #1189): `sql.begin` then throws UNSAFE_TRANSACTION.
 * A small pipeline makes that boundary frequent; transactions on reserved connections never meet it.
 */
describeWithPostgres('transactions under a burst of concurrent work', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const db = await createTestDatabase('cardlog_tx');
    url = db.url;
    drop = () => db.drop();
  });
  afterAll(() => drop?.());

  async function burst(run: (sql: postgres.Sql) => Promise<unknown>) {
    const sql = postgres(url, { max: 3, onnotice: () => undefined, ...pipeline(2) });
    try {
      await sql`create table if not exists tx_burst (n integer)`;
      const outcomes: PromiseSettledResult<unknown>[] = [];
      for (let round = 0; round < 5; round++) {
        // Every connection busy, plain queries queued behind them, and transactions among them.
        const work: Promise<unknown>[] = [];
        for (let i = 0; i < 3; i++) work.push(sql`select pg_sleep(0.1)`);
        for (let i = 0; i < 6; i++) work.push(sql`select ${i}::int as n`);
        for (let i = 0; i < 5; i++) work.push(run(sql));
        outcomes.push(...(await Promise.allSettled(work)));
      }
      const [{ count }] = await sql<{ count: string }[]>`select count(*) from tx_burst`;
      await sql`truncate tx_burst`;
      return { failures: outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)), rows: Number(count) };
    } finally {
      await sql.end({ timeout: 5 });
    }
  }

  it('inTransaction commits every one of 25 transactions among busy connections and queued queries', async () => {
    const result = await burst((sql) =>
      inTransaction(sql, async (tx) => {
        await tx`insert into tx_burst values (1)`;
        await tx`insert into tx_burst values (2)`;
      }),
    );
    expect(result).toEqual({ failures: [], rows: 50 });
  });

  it('BEGIN never travels unreserved, even where sql.begin always does (max_pipeline 0, porsager/postgres#1210)', async () => {
    const sql = postgres(url, { max: 4, onnotice: () => undefined, ...pipeline(0) });
    try {
      await expect(sql.begin((tx) => tx`select 1 as ok`)).rejects.toMatchObject({ code: 'UNSAFE_TRANSACTION' });
      const rows = await Promise.all(Array.from({ length: 8 }, (_, i) => inTransaction(sql, (tx) => tx<{ n: number }[]>`select ${i}::int as n`)));
      expect(rows.map((r) => r[0]!.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it('a failing transaction rolls back and releases its connection', async () => {
    const sql = postgres(url, { max: 1, onnotice: () => undefined });
    try {
      await sql`create table if not exists tx_burst (n integer)`;
      await expect(
        inTransaction(sql, async (tx) => {
          await tx`insert into tx_burst values (7)`;
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      const [{ count }] = await sql<{ count: string }[]>`select count(*) from tx_burst where n = 7`;
      expect(Number(count)).toBe(0);
      await expect(sql`select 1 as ok`).resolves.toHaveLength(1);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
