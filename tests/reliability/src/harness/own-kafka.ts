import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { KAFKA_MESSAGE_MAX_BYTES } from '@cardlog/bus';
import { freePort, waitFor } from './ports';

const ROOT = join(__dirname, '..', '..', '..', '..');
const LIBS = join(ROOT, '.kafka', 'libs');

/**
 * A single-node KRaft Kafka broker of the test's own (its own folder and ports), from the jars
 * `npm run kafka:start` assembles into .kafka/libs, so the test can SIGKILL and restart it without
 * touching the shared broker.
 */
export class OwnKafka {
  private process: ChildProcess | null = null;
  private output = '';

  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly controllerPort: number,
  ) {}

  static async start(): Promise<OwnKafka> {
    if (!existsSync(LIBS) || !readdirSync(LIBS).some((f) => f.startsWith('.complete-kafka'))) {
      throw new Error(`no Kafka jars in ${LIBS}: run \`npm run kafka:start\` once (it assembles them from Maven Central)`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'cardlog-kafka-'));
    const broker = new OwnKafka(dir, await freePort(), await freePort());
    try {
      await broker.formatAndStart();
    } catch (error) {
      await broker.stop();
      throw error;
    }
    return broker;
  }

  private async formatAndStart(): Promise<void> {
    this.writeConfig();
    // `--cluster-id=…` in one argument: one random id in 64 starts with '-', which the tool would read as an option.
    const clusterId = randomBytes(16).toString('base64url');
    const format = spawnSync('java', [...this.javaArgs(), 'kafka.tools.StorageTool', 'format', `--cluster-id=${clusterId}`, '-c', join(this.dir, 'server.properties')], { encoding: 'utf8' });
    if (format.status !== 0) throw new Error(`kafka storage format failed: ${format.stdout}${format.stderr}`);
    await this.resume();
  }

  get brokers(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Starts the broker again on the same data and ports (after `kill`). */
  async resume(): Promise<void> {
    if (this.process && this.process.exitCode === null) throw new Error('the broker is already running');
    const child = spawn('java', [...this.javaArgs(), 'kafka.Kafka', join(this.dir, 'server.properties')], { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-8000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.process = child;
    const kafka = new Kafka({ brokers: [this.brokers], logLevel: logLevel.NOTHING, connectionTimeout: 1000, requestTimeout: 3000, retry: { retries: 0 } });
    await waitFor(
      `Kafka on port ${this.port}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`the broker exited: ${this.output}`);
        const admin = kafka.admin({ retry: { retries: 0 } });
        try {
          await admin.connect();
          const cluster = await admin.describeCluster();
          if (cluster.brokers.length === 0 || cluster.controller === null) return false;
          await admin.describeGroups(['cardlog-reliability-probe']);
          return true;
        } finally {
          await admin.disconnect();
        }
      },
      180_000,
      250,
    );
  }

  /** SIGKILL: the broker dies mid-whatever, as in a crash. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.process = null;
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private javaArgs(): string[] {
    return ['-Xms128m', '-Xmx384m', `-Dlog4j.configuration=file:${join(this.dir, 'log4j.properties')}`, '-cp', `${LIBS}/*`];
  }

  private writeConfig(): void {
    mkdirSync(join(this.dir, 'logs'), { recursive: true });
    const props = [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${this.controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${this.port},CONTROLLER://127.0.0.1:${this.controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${this.port}`,
      'inter.broker.listener.name=PLAINTEXT',
      'controller.listener.names=CONTROLLER',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      `log.dirs=${join(this.dir, 'logs')}`,
      'num.partitions=1',
      'default.replication.factor=1',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=1',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'transaction.state.log.num.partitions=1',
      'group.initial.rebalance.delay.ms=0',
      'auto.create.topics.enable=false',
      // The same message limits as tools/kafka/kafka.sh and docker-compose.yml: the producer's own.
      `message.max.bytes=${KAFKA_MESSAGE_MAX_BYTES}`,
      `replica.fetch.max.bytes=${KAFKA_MESSAGE_MAX_BYTES}`,
    ];
    writeFileSync(join(this.dir, 'server.properties'), `${props.join('\n')}\n`);
    writeFileSync(join(this.dir, 'log4j.properties'), 'log4j.rootLogger=ERROR, stdout\nlog4j.appender.stdout=org.apache.log4j.ConsoleAppender\nlog4j.appender.stdout.layout=org.apache.log4j.PatternLayout\nlog4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n\n');
  }
}
