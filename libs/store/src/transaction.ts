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
  let lost = false;
  try {
    // BEGIN is sent at once and the work's statements queue behind it: one round trip less.
    const begun = reserved`begin`.execute();
    open = true;
    const [, result] = await Promise.all([begun, work(reserved as unknown as TransactionSql)]);
    open = false;
    await reserved`commit`;
    return result;
  } catch (error) {
    // A connection whose session died must not be written to or handed back: postgres.js 3.4.9
    // would crash the process from a timer (porsager/postgres#1208); it reconnects it by itself.
    lost = connectionLost(error);
    if (open && !lost) await reserved`rollback`.catch(() => undefined);
    throw error;
  } finally {
    if (!lost) reserved.release();
  }
}

/** The driver's and the socket's errors for a connection that is gone (not a query's error). */
function connectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  // 08xxx: connection exceptions; 57P01–57P03: the server is shutting down, crashed or starting.
  return typeof code === 'string' && /^(CONNECTION_(CLOSED|ENDED|DESTROYED)|CONNECT_TIMEOUT|ECONNRESET|EPIPE|ECONNREFUSED|ETIMEDOUT|08...|57P0[1-3])$/.test(code);
}
