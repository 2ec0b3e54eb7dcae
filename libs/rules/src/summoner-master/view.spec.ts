import { isRuleViolation } from '../rule-violation';
import { checkMatchFirstPlayer } from './match';
import { describe as describeEvent } from './describe';
import { simulateSmGame } from './simulate/game';
import { SmTable } from './testing/harness';
import { view } from './view';
import { summonerMasterBoard } from './board';
import { summonerMasterInsights } from './insights';
import { smCardSchema } from '@cardlog/events';
import { DEMO_BAN_LIST, DEMO_CARDS } from './catalog';
import { SM_DEMO_DECKS } from './catalog/demo-decks';
import { oracleOf } from './setup';

function table() {
  const t = new SmTable().setup({ decks: { p1: { reflectionCards: ['seal-a-r'] } } });
  t.castSeal('p1', 'Seal-A');
  return t;
}

describe('view(state, viewer)', () => {
  it("a seat sees its own hand and only the size of the other's; no seat sees a pile", () => {
    const t = table();
    const p1 = view(t.state, 'p1');
    expect(p1.players.p1.hand).toHaveLength(6);
    expect(p1.players.p2.hand).toBeUndefined();
    expect(p1.players.p2.handSize).toBe(7);
    expect(p1.players.p1.sealDeck).toBeUndefined();
    const text = JSON.stringify(p1);
    for (const c of t.state.cards.filter((c) => c.owner === 'p2' && c.zone !== 'Arena')) expect(text).not.toContain(`"${c.id}"`);
    for (const c of t.state.cards.filter((c) => c.owner === 'p1' && (c.zone === 'SealDeck' || c.zone === 'MysticDeck'))) expect(text).not.toContain(`"${c.id}"`);
  });

  it('a spectator sees no hand; the Arena, Shrines and Reflection Zones are public (305.3)', () => {
    const v = view(table().state, 'spectator');
    expect(v.players.p1.hand).toBeUndefined();
    expect(v.players.p2.hand).toBeUndefined();
    expect(v.players.p1.arena[0]).toMatchObject({ name: 'Seal-A', at: 5, reflected: true, line: 'At', active: true });
    expect(v.players.p1.reflectionZone.map((c) => c.name)).toEqual(['Seal-A']);
  });

  it('the judge and the post-game reveal see every card', () => {
    const t = table();
    for (const viewer of ['judge', 'reveal'] as const) {
      const v = view(t.state, viewer);
      expect(v.players.p2.hand).toHaveLength(7);
      expect((v.players.p1.sealDeck?.length ?? 0) + (v.players.p1.mysticDeck?.length ?? 0)).toBe(11);
    }
  });

  it('describes every event of a game in a line, and draws a text board', () => {
    const g = simulateSmGame({ seed: 11, maxEvents: 300, keepStates: true });
    expect(summonerMasterBoard(view(g.final, 'p1'))).toContain('Shrine Level');
    const lines = g.document.events.slice(1).map((e, i) => describeEvent(e, g.states![i]!));
    expect(lines.every((l) => l.length > 0 && !l.includes('undefined'))).toBe(true);
  });
});

describe('checkMatchFirstPlayer (102.3–102.4 across a match)', () => {
  const game2 = (firstSeat: 'p1' | 'p2') => simulateSmGame({ seed: 5, firstSeat, game: { match: 'm', gameNumber: 2 } }).document;

  it('accepts a later game whose first player the previous loser chose', () => {
    expect(checkMatchFirstPlayer({ result: 'win', winner: 'p1', reason: 'ShrineLevel' }, game2('p2'))).toEqual({ ok: true });
  });

  it('refuses a later game that records another result, or a chooser who won', () => {
    expect(checkMatchFirstPlayer({ result: 'win', winner: 'p2', reason: 'ShrineLevel' }, game2('p2'))).toMatchObject({ ok: false, code: 'MATCH_PREVIOUS_GAME' });
    expect(checkMatchFirstPlayer({ result: 'draw', reason: 'ShrineLevel' }, game2('p2'))).toMatchObject({ ok: false });
  });

  it('follows players across seats by their ids', () => {
    const next = simulateSmGame({
      seed: 5,
      firstSeat: 'p2',
      game: { match: 'm', gameNumber: 2 },
      names: { p1: { id: 'ann', name: 'Ann' }, p2: { id: 'bo', name: 'Bo' } },
    }).document;
    const previousPlayers = [
      { seat: 'p1', name: 'Bo', id: 'bo' },
      { seat: 'p2', name: 'Ann', id: 'ann' },
    ];
    expect(checkMatchFirstPlayer({ result: 'win', winner: 'p2', reason: 'ShrineLevel' }, next, { players: previousPlayers, gameNumber: 1 })).toEqual({ ok: true });
    expect(checkMatchFirstPlayer({ result: 'win', winner: 'p2', reason: 'ShrineLevel' }, next, { players: previousPlayers, gameNumber: 2 })).toMatchObject({ code: 'MATCH_GAME_NUMBER' });
  });
});

describe('the demo catalog', () => {
  it('holds at least 60 original cards, valid against the card schema, with Reflection cards and both multi-attack texts', () => {
    expect(DEMO_CARDS.length).toBeGreaterThanOrEqual(60);
    for (const c of DEMO_CARDS) expect(smCardSchema.safeParse(c).success).toBe(true);
    expect(DEMO_CARDS.filter((c) => c.reflection).length).toBeGreaterThanOrEqual(4);
    const texts = DEMO_CARDS.filter((c) => c.attackTexts?.some((t) => t.kind === 'MultiAttackPayOnce') && c.attackTexts.some((t) => t.kind === 'ExtraAttack'));
    expect(texts.length).toBeGreaterThan(0);
    for (const b of DEMO_BAN_LIST) expect(DEMO_CARDS.some((c) => c.reflection && c.name === b.name)).toBe(true);
  });

  it('gives each demo deck an archetype label from its Seal elements', () => {
    const g = simulateSmGame({ seed: 3, maxEvents: 60, decks: { p1: SM_DEMO_DECKS[0]!, p2: SM_DEMO_DECKS[1]! } });
    const header = { system: 'summoner-master' as const, rulesVersion: '1', config: g.document.config!, players: g.document.players.map((p) => ({ seat: p.seat, name: p.name })), catalog: { id: 'demo-smn@1', cards: DEMO_CARDS } };
    let facts = summonerMasterInsights.initialFacts(header);
    for (const e of g.document.events) facts = summonerMasterInsights.evolveFacts(facts, e, header);
    expect(facts.decks['p1']?.archetype).toBe('Ember/Gale Seals');
    expect(facts.decks['p2']?.archetype).toBe('Stone/Tide Seals');
    expect(facts.sightings['p1']?.openingHand.length).toBeGreaterThan(0);
    expect(facts.firstPlayer).toMatch(/^p[12]$/);
  });

  it('refuses a catalog with two entries of one oracle key', () => {
    try {
      oracleOf([DEMO_CARDS[0]!, { ...DEMO_CARDS[0]!, id: 'copy' }]);
      throw new Error('accepted');
    } catch (error) {
      expect(isRuleViolation(error) && error.code).toBe('INVALID_CONFIG');
    }
  });
});
