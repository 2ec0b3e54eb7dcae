import { failingChecks } from './destroy';
import { Table } from './testing/harness';

describe('the damage checks (§9, DV-R19)', () => {
  it('destroy a soldier whose damage exceeds its DF, and no undamaged one of the fixture catalog', () => {
    const t = new Table({ p1: ['SA1', 'SB1'], p2: ['SA2'] });
    t.given('SA1', 'soldierLine').given('SB1', 'soldierLine', { damage: 3 }).given('SA2', 'soldierLine', { damage: 2 });
    // SA's DF is 2 and SB's 1: SA2's 2 damage stands, SB1's 3 is over its DF.
    expect(failingChecks(t.state)).toEqual(['SB1']);
  });

  it('still look up an undamaged soldier when a hand-made catalog has a DF below 0', () => {
    const t = new Table({ p1: ['SA1'], p2: [] });
    t.given('SA1', 'soldierLine');
    expect(failingChecks(t.state)).toEqual([]);
    const catalog = new Map(t.state.catalog);
    catalog.set('SA', { ...catalog.get('SA')!, df: -1 });
    expect(failingChecks({ ...t.state, catalog })).toEqual(['SA1']);
  });
});
