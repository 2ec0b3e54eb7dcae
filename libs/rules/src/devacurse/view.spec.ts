import { devacurse } from '.';
import { describe as describeEvent } from './describe';
import { simulateDevacurse } from './simulate/game';
import { Table } from './testing/harness';
import { view } from './view';

describe('what each viewer sees', () => {
  function board() {
    const t = new Table({ p1: ['XM1', 'SA1', 'XE1'], p2: ['XW1'], p3: [] });
    t.given('XM1', 'temple', { faceUp: false }).given('XE1', 'temple', { faceUp: true }).given('SA1', 'hand').given('XW1', 'temple', { faceUp: false });
    return t;
  }

  it('a Deva sees its own hand and face-down prayers; other Devas and spectators see only counts and ids', () => {
    const t = board();
    const own = view(t.state, 'p1');
    expect(own.players['p1']!.hand!.map((c) => c.id)).toContain('SA1');
    expect(own.players['p1']!.temple.find((c) => c.id === 'XM1')).toMatchObject({ name: 'Test Filler M', faceUp: false });
    expect(own.players['p2']!.hand).toBeUndefined();
    expect(own.players['p2']!.temple).toEqual([{ id: 'XW1', hidden: true, mode: 'prompt' }]);
    for (const viewer of ['p2', 'p3', 'spectator'] as const) {
      const v = view(t.state, viewer);
      expect(v.players['p1']!.hand).toBeUndefined();
      expect(v.players['p1']!.handSize).toBe(6);
      expect(v.players['p1']!.temple).toEqual([{ id: 'XM1', hidden: true, mode: 'prompt' }, expect.objectContaining({ id: 'XE1', name: 'Test Filler E' })]);
      expect(JSON.stringify(v)).not.toContain('"SA1"');
      expect(v.players['p1']!.universe).toBeUndefined();
    }
  });

  it('a judge sees everything, Universes included; reveal shows everything only once the match is over', () => {
    const t = board();
    const judge = view(t.state, 'judge');
    expect(judge.players['p2']!.temple[0]).toMatchObject({ id: 'XW1', name: 'Test Filler W' });
    expect(judge.players['p1']!.universe!.length).toBe(t.p('p1').universe.length);
    expect(view(t.state, 'reveal').players['p1']!.hand).toBeUndefined();
    t.do('Concede', 'p2');
    t.do('Concede', 'p3');
    expect(t.state.status).toBe('ended');
    expect(view(t.state, 'reveal').players['p1']!.hand!.map((c) => c.id)).toContain('SA1');
  });

  it('every event of a simulated game has one readable English line', () => {
    const game = simulateDevacurse(devacurse, { seed: 5, players: 3 });
    let state = devacurse.initialState({ system: 'devacurse', rulesVersion: '1', config: {}, players: game.document.players, catalog: devacurse.builtinCatalogs['demo-dv@1']! });
    for (const event of game.document.events) {
      const line = describeEvent(event, state);
      expect(line).toMatch(/^[A-Z0-9a-z].*[^.]$/);
      expect(line).not.toContain('undefined');
      expect(line).not.toContain('\n');
      state = devacurse.evolve(state, event);
    }
  });
});
