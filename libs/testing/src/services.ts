// Gates for tests that need a real service. The Jest global setup probes each service once; here a
// suite either runs, is skipped with a visible reason, or — when CARDLOG_REQUIRE_SERVICES=1, as in
// CI — fails, so that a missing service can never pass for a green run.

export type Service = 'postgres' | 'kafka';

const describeServices: Record<Service, { flag: string; where: () => string }> = {
  postgres: {
    flag: 'CARDLOG_POSTGRES_AVAILABLE',
    where: () => redactUrl(process.env.CARDLOG_TEST_DATABASE_URL ?? '(unset)'),
  },
  kafka: { flag: 'CARDLOG_KAFKA_AVAILABLE', where: () => process.env.CARDLOG_TEST_KAFKA_BROKERS ?? '(unset)' },
};

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

export function servicesRequired(): boolean {
  return process.env.CARDLOG_REQUIRE_SERVICES === '1';
}

export function serviceAvailable(service: Service): boolean {
  const value = process.env[describeServices[service].flag];
  if (value === undefined) throw new Error(`service probe for ${service} did not run (is the Jest preset in use?)`);
  return value === '1';
}

const announced = new Set<string>();

/** `describe` that runs only when every listed service answered the probe. */
export function describeWith(services: Service[], name: string, body: () => void): void {
  const missing = services.filter((s) => !serviceAvailable(s));
  if (missing.length === 0) {
    describe(`${name} [${services.join(', ')}]`, body);
    return;
  }
  const reason = missing.map((s) => `${s} at ${describeServices[s].where()}`).join(' and ');
  if (servicesRequired()) {
    describe(name, () => {
      it(`needs ${reason}`, () => {
        throw new Error(`CARDLOG_REQUIRE_SERVICES=1 but ${reason} is unreachable; start it (see README) and rerun`);
      });
    });
    return;
  }
  const key = `${name}:${reason}`;
  if (!announced.has(key)) {
    announced.add(key);
    process.stderr.write(`SKIPPED "${name}": ${reason} is unreachable (set CARDLOG_REQUIRE_SERVICES=1 to fail instead)\n`);
  }
  const skipSuite = describe.skip;
  skipSuite(`${name} [skipped: ${reason} unreachable]`, body);
}

export const describeWithPostgres = (name: string, body: () => void) => describeWith(['postgres'], name, body);
export const describeWithKafka = (name: string, body: () => void) => describeWith(['kafka'], name, body);
