import type { Sql, TransactionSql } from 'postgres';

/**
 * Runs `work` in one transaction on a connection reserved for it.
 *
 * postgres.js 3.4.9 can send `sql.begin()`'s BEGIN without marking its connection reserved (when
 * BEGIN is the query that fills the connection's pipeline): the driver then answers
 * UNSAFE_TRANSACTION and other queries may run inside the open transaction (porsager/postgres#823,
 * #1189). A reserved connection is never shared, so BEGIN, the work and COMMIT go through it alone.
 * The work gets the reserved connection typed as a transaction: plain queries and `json`, no
 * savepoints.
 */
export async function inTransaction<T>(sql: Sql, work: (tx: TransactionSql) => Promise<T>): Promise<T> {
  const reserved = await sql.reserve();
  let open = false;
  try {
    await reserved`begin`;
    open = true;
    const result = await work(reserved as unknown as TransactionSql);
    open = false;
    await reserved`commit`;
    return result;
  } catch (error) {
    if (open) await reserved`rollback`.catch(() => undefined);
    throw error;
  } finally {
    reserved.release();
  }
}
