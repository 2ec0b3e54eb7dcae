// No Docker engine runs here or in CI, so `docker compose up` itself is never run: this test reads
// docker-compose.yml and checks it against what the apps actually read — their own config loaders
// (from the built apps) given each service's environment — and against the Dockerfile and the
// PostgreSQL roles file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { ROOT } from './harness';

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string | number>;
  ports?: string[];
  expose?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  deploy?: { replicas?: number };
  restart?: string;
  volumes?: string[];
}

const compose = load(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service>; volumes?: Record<string, unknown> };
const services = compose.services;
const envOf = (name: string) => Object.fromEntries(Object.entries(services[name]!.environment ?? {}).map(([k, v]) => [k, String(v)]));
/** The apps' own config loaders, as built (the same code that reads the environment in a container). */
const built = (path: string) => {
  const file = join(ROOT, path);
  if (!existsSync(file)) throw new Error(`${path} is missing: \`nx run operability:test\` builds api and projector first`);
  return require(file);
};
const { loadApiConfig } = built('apps/api/dist/config.js');
const { loadProjectorConfig } = built('apps/projector/dist/config.js');

/** The port a healthcheck's `fetch('http://127.0.0.1:PORT/health')` asks. */
const healthPort = (service: Service) => {
  const m = /http:\/\/127\.0\.0\.1:(\d+)\/health/.exec((service.healthcheck?.test ?? []).join(' '));
  return m ? Number(m[1]) : null;
};

describe('docker-compose.yml', () => {
  it('runs postgres:15, apache/kafka:3.9.2 in KRaft mode, a migrate step, the api and two projector replicas', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'kafka', 'migrate', 'postgres', 'projector']);
    expect(services.postgres!.image).toBe('postgres:15');
    expect(services.kafka!.image).toBe('apache/kafka:3.9.2');
    expect(envOf('kafka').KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(services.projector!.deploy?.replicas).toBe(2);
    for (const name of ['migrate', 'api', 'projector']) {
      expect(services[name]!.build).toBe('.');
      expect(services[name]!.image).toBe('cardlog:local');
    }
  });

  it('starts the built entry points the Dockerfile produces', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/npx nx run-many -t build/);
    expect(services.api!.command).toEqual(['node', 'apps/api/dist/main.js']);
    expect(services.projector!.command).toEqual(['node', 'apps/projector/dist/main.js']);
    expect(services.migrate!.command).toEqual(['node', 'libs/store/dist/migrate-cli.js']);
    for (const name of ['api', 'projector', 'migrate']) expect(existsSync(join(ROOT, services[name]!.command![1]!))).toBe(true);
  });

  it('gives the api an environment its config accepts: PostgreSQL, Kafka, port 3000 published and health-checked', () => {
    const config = loadApiConfig(envOf('api'));
    expect(config.port).toBe(3000);
    expect(services.api!.ports).toContain('3000:3000');
    expect(healthPort(services.api!)).toBe(config.port);
    expect(new URL(config.databaseUrl).hostname).toBe('postgres');
    expect(config.kafkaBrokers).toEqual(['kafka:9092']);
    expect(config.demo).toBe(false);
  });

  it('gives each projector replica an environment its config accepts, the api’s topic, one group, and no fixed host port to clash on', () => {
    const config = loadProjectorConfig(envOf('projector'));
    const api = loadApiConfig(envOf('api'));
    expect(config.topic).toBe(api.topic);
    expect(config.groupId).toBe('cardlog-projector');
    expect(config.kafkaBrokers).toEqual(api.kafkaBrokers);
    expect(new URL(config.databaseUrl).host).toBe(new URL(api.databaseUrl).host);
    expect(healthPort(services.projector!)).toBe(config.metricsPort);
    expect(services.projector!.ports ?? []).toEqual([]);
    expect(services.projector!.expose).toContain(String(config.metricsPort));
  });

  it('reaches Kafka at the address the broker advertises to containers', () => {
    const advertised = envOf('kafka').KAFKA_ADVERTISED_LISTENERS!.split(',').map((l) => l.replace(/^\w+:\/\//, ''));
    for (const name of ['api', 'projector']) for (const broker of envOf(name).KAFKA_BROKERS!.split(',')) expect(advertised).toContain(broker);
  });

  it('migrates as the owner, serves as the runtime role, with the passwords tools/postgres/roles.sql creates', () => {
    const roles = readFileSync(join(ROOT, 'tools', 'postgres', 'roles.sql'), 'utf8');
    const database = envOf('postgres').POSTGRES_DB;
    const login = (name: string) => new URL(envOf(name).DATABASE_URL!);
    expect(login('migrate').username).toBe('cardlog_owner');
    for (const name of ['api', 'projector']) expect(login(name).username).toBe('cardlog_runtime');
    for (const name of ['migrate', 'api', 'projector']) {
      const url = login(name);
      expect(url.pathname).toBe(`/${database}`);
      expect(roles).toContain(`create role ${url.username} login password '${decodeURIComponent(url.password)}'`);
    }
    expect(services.postgres!.volumes).toContain('./tools/postgres/roles.sql:/docker-entrypoint-initdb.d/10-cardlog-roles.sql:ro');
  });

  it('orders start-up by health: migrate after a healthy postgres, api and projectors after the migration and a healthy kafka', () => {
    expect(services.migrate!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.migrate!.restart).toBe('no');
    for (const name of ['api', 'projector']) {
      expect(services[name]!.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' }, kafka: { condition: 'service_healthy' } });
      expect(services[name]!.restart).toBe('unless-stopped');
    }
    for (const name of ['postgres', 'kafka', 'api', 'projector']) expect(services[name]!.healthcheck?.test.length).toBeGreaterThan(0);
  });
});
