// Probes the services the integration tests need, once per Jest run, and records the answer in the
// environment that the test workers inherit. Tests then run, skip with a visible message, or, when
// CARDLOG_REQUIRE_SERVICES=1 (CI), fail because a required service is missing.
const net = require('node:net');

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

function probeTcp(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function probePostgres(url) {
  const postgres = require('postgres');
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

module.exports = async function globalSetup() {
  if (process.env.CARDLOG_SERVICES_PROBED === '1') return;
  const pgUrl = process.env.CARDLOG_TEST_DATABASE_URL || DEFAULT_PG;
  process.env.CARDLOG_TEST_DATABASE_URL = pgUrl;
  const brokers = (process.env.CARDLOG_TEST_KAFKA_BROKERS || process.env.KAFKA_BROKERS || '127.0.0.1:9092').split(',');
  process.env.CARDLOG_TEST_KAFKA_BROKERS = brokers.join(',');
  const [host, port] = brokers[0].split(':');
  const [pg, kafka] = await Promise.all([probePostgres(pgUrl), probeTcp(host, Number(port))]);
  process.env.CARDLOG_POSTGRES_AVAILABLE = pg ? '1' : '0';
  process.env.CARDLOG_KAFKA_AVAILABLE = kafka ? '1' : '0';
  process.env.CARDLOG_SERVICES_PROBED = '1';
};
