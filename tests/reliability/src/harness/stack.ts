import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import postgres, { Sql } from 'postgres';
import { READ_MODEL_TABLES, canonicalRowJson } from '@cardlog/projections';
import { AppProcess } from './app-process';
import { OwnKafka } from './own-kafka';
import { OwnPostgres } from './own-postgres';
import { freePort, waitFor } from './ports';

const ROOT = join(__dirname, '..', '..', '..', '..');

/** The full stack on services of the test's own: PostgreSQL, Kafka, the API and one projector. */
export class Stack {
  private constructor(
    readonly pg: OwnPostgres,
    readonly kafka: OwnKafka,
    readonly databaseUrl: string,
    readonly api: AppProcess,
    readonly projector: AppProcess,
    readonly apiUrl: string,
    readonly sql: Sql,
  ) {}

  static async start(name: string): Promise<Stack> {
    const pg = await OwnPostgres.start();
    let kafka: OwnKafka | undefined;
    try {
      kafka = await OwnKafka.start();
      const databaseUrl = await pg.createDatabase('cardlog');
      const apiPort = await freePort();
      const metricsPort = await freePort();
      const common = { DATABASE_URL: databaseUrl, KAFKA_BROKERS: kafka.brokers, CARDLOG_TOPIC: `cardlog.${name}`, CARDLOG_TOPIC_PARTITIONS: '3' };
      const api = new AppProcess('api', { ...common, PORT: String(apiPort), HOST: '127.0.0.1' }, `http://127.0.0.1:${apiPort}/health`);
      const projector = new AppProcess(
        'projector',
        { ...common, METRICS_PORT: String(metricsPort), CARDLOG_PROJECTOR_GROUP: `cardlog-${name}` },
        `http://127.0.0.1:${metricsPort}/health`,
      );
      const sql = postgres(databaseUrl, { max: 4, onnotice: () => undefined });
      const stack = new Stack(pg, kafka, databaseUrl, api, projector, `http://127.0.0.1:${apiPort}`, sql);
      await api.start();
      await projector.start();
      return stack;
    } catch (error) {
      await kafka?.stop();
      await pg.stop();
      throw error;
    }
  }

  /** An upload token, made with the CLI against the stack's database. */
  async token(name: string, ...args: string[]): Promise<string> {
    // Asynchronous on purpose: a blocked event loop keeps fetch's idle sockets past the server's
    // keep-alive timeout, and the next request on one fails.
    const made = await promisify(execFile)(process.execPath, [join(ROOT, 'apps', 'cli', 'bin', 'cardlog.js'), 'token', 'create', '--name', name, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: this.databaseUrl },
      encoding: 'utf8',
    });
    return made.stdout.trim().split('\n').pop()!.trim();
  }

  /** Runs `cardlog projections rebuild` against the stack's database (projector stopped). */
  rebuild(): void {
    const run = spawnSync(process.execPath, [join(ROOT, 'apps', 'cli', 'bin', 'cardlog.js'), 'projections', 'rebuild'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: this.databaseUrl },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`projections rebuild failed: ${run.stdout}${run.stderr}`);
  }

  /** The last lines the API and the projector wrote, for a failure message. */
  logTails(lines = 15): string {
    const tail = (p: AppProcess) => p.output.trimEnd().split('\n').slice(-lines).map((l) => l.slice(0, 400)).join('\n');
    return `\n--- api (${this.api.starts} starts, ${this.api.running ? 'running' : 'not running'}) ---\n${tail(this.api)}\n--- projector (${this.projector.starts} starts, ${this.projector.running ? 'running' : 'not running'}) ---\n${tail(this.projector)}`;
  }

  /** Waits until every stream in the event store is applied to the read models. */
  async projectorCaughtUp(timeoutMs = 180_000): Promise<void> {
    try {
      await this.waitForProjector(timeoutMs);
    } catch (error) {
      const [relay] = await this.sql<{ head: string; behind: string }[]>`
        select (select max(global_position) from events) as head,
          (select count(*) from streams s left join projection_positions p on p.stream_id = s.stream_id where coalesce(p.position, 0) < s.version) as behind`;
      throw new Error(`${(error as Error).message}; ${relay?.behind} streams behind, store head ${relay?.head}${this.logTails()}`);
    }
  }

  private async waitForProjector(timeoutMs: number): Promise<void> {
    await waitFor(
      'the projector to apply every stored event',
      async () => {
        const [row] = await this.sql<{ behind: string }[]>`
          select count(*) as behind from streams s
          left join projection_positions p on p.stream_id = s.stream_id
          where coalesce(p.position, 0) < s.version`;
        return Number(row!.behind) === 0;
      },
      timeoutMs,
      250,
    );
  }

  /** Every read model as sorted JSON rows, for row-for-row comparison with a rebuild. */
  async readModels(): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const table of READ_MODEL_TABLES) {
      if (table === 'projection_progress') continue;
      const rows = await this.sql`select * from ${this.sql(table)}`;
      out[table] = rows.map(canonicalRowJson).sort();
    }
    return out;
  }

  async stop(): Promise<void> {
    await Promise.allSettled([this.api.stop(), this.projector.stop()]);
    await this.sql.end({ timeout: 2 }).catch(() => undefined);
    await Promise.allSettled([this.kafka.stop(), this.pg.stop()]);
  }
}
