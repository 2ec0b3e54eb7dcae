import { serviceAvailable, servicesRequired } from './services';

describe('service gates', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('read the probe results the Jest global setup left in the environment', () => {
    process.env.CARDLOG_POSTGRES_AVAILABLE = '1';
    process.env.CARDLOG_KAFKA_AVAILABLE = '0';
    expect(serviceAvailable('postgres')).toBe(true);
    expect(serviceAvailable('kafka')).toBe(false);
  });

  it('refuse to guess when the probe did not run', () => {
    delete process.env.CARDLOG_KAFKA_AVAILABLE;
    expect(() => serviceAvailable('kafka')).toThrow(/probe for kafka did not run/);
  });

  it('require services only when CARDLOG_REQUIRE_SERVICES=1', () => {
    process.env.CARDLOG_REQUIRE_SERVICES = '1';
    expect(servicesRequired()).toBe(true);
    process.env.CARDLOG_REQUIRE_SERVICES = 'yes';
    expect(servicesRequired()).toBe(false);
  });
});
