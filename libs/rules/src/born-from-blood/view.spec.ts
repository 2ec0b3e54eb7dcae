import { describe as describeEvent } from './describe';
import { evolve } from './evolve';
import { initialState } from './setup';
import { FIXTURE_CATALOG } from './testing/fixture-catalog';
import { startGame } from './testing/harness';
import { view } from './view';

/** Turn 3, Alice's Main: cards in hands, decks, Extra Decks, on the field and in a graveyard. */
function midGame() {
  const t = startGame({ p1: { hand: ['m3', 'sk'], extra: ['xr'] }, p2: { hand: ['maa', 'pq'], extra: ['xr'] } });
  t.summon('p1', 'm3');
  t.toTurn(2);
  t.summon('p2', 'maa');
  t.effect('MoveCard', { cardId: t.hand('p2')[0], from: 'hand', to: 'graveyard' });
  t.toTurn(3);
  t.advanceTo('main');
  return t;
}

const hidden = (t: ReturnType<typeof midGame>, seat: 'p1' | 'p2') => {
  const p = t.p(seat);
  return [...(p.zones['hand'] ?? []), ...p.deck.top, ...p.deck.middle, ...p.deck.bottom, ...(p.zones['extraDeck'] ?? [])];
};

const mentions = (json: string, ids: readonly string[]) => ids.filter((id) => json.includes(`"${id}"`));

describe('view', () => {
  const t = midGame();

  it("a seat sees its own hand but never the opponent's hand, deck or Extra Deck", () => {
    const v = view(t.state, 'p1');
    const json = JSON.stringify(v);
    expect(mentions(json, hidden(t, 'p2'))).toEqual([]);
    expect(v.players.p1.hand?.map((c) => c.cardId)).toEqual(t.hand('p1'));
    expect(v.players.p2.hand).toBeUndefined();
    expect(v.players.p2.handSize).toBe(t.hand('p2').length);
    expect(v.players.p2.deckSize).toBe(t.p('p2').deck.middle.length);
  });

  it('a seat does not see the order or contents of its own deck', () => {
    const p = t.p('p1');
    const json = JSON.stringify(view(t.state, 'p1'));
    expect(mentions(json, [...p.deck.top, ...p.deck.middle, ...p.deck.bottom])).toEqual([]);
  });

  it('a spectator sees no hand and no deck', () => {
    const json = JSON.stringify(view(t.state, 'spectator'));
    expect(mentions(json, [...hidden(t, 'p1'), ...hidden(t, 'p2')])).toEqual([]);
  });

  it('public zones are public: the field and the graveyard', () => {
    const v = view(t.state, 'spectator');
    expect(v.players.p1.field['mercenary']).toEqual([expect.objectContaining({ catalogId: 'm3', name: 'Test Red Sellsword', hp: 200 })]);
    expect(v.players.p2.graveyard).toHaveLength(1);
    expect(v.players.p1.character).toMatchObject({ cardId: 'p1-00', name: 'Test Crimson Warden' });
  });

  it('a judge sees everything, deck order included', () => {
    const v = view(t.state, 'judge');
    const json = JSON.stringify(v);
    expect(mentions(json, [...hidden(t, 'p1'), ...hidden(t, 'p2')])).toHaveLength(hidden(t, 'p1').length + hidden(t, 'p2').length);
    expect(v.players.p2.deck?.middle).toHaveLength(t.p('p2').deck.middle.length);
  });

  it('reveal is a spectator view until the game has ended, then shows everything', () => {
    expect(view(t.state, 'reveal')).toEqual({ ...view(t.state, 'spectator'), viewer: 'reveal' });
    const u = midGame();
    u.do('Concede', 'p2');
    const json = JSON.stringify(view(u.state, 'reveal'));
    expect(mentions(json, hidden(u, 'p2'))).toHaveLength(hidden(u, 'p2').length);
  });
});

describe('describe', () => {
  it('tells a battle in plain English with names and HP', () => {
    const t = startGame({ p1: { hand: ['mp'] }, p2: { hand: ['maa', 'm2a'] } }, {});
    const mp = t.summon('p1', 'mp');
    t.toTurn(2);
    const maa = t.summon('p2', 'maa');
    t.toTurn(3);
    t.advanceTo('combat');
    const line = (type: string, player: 'p1' | 'p2', payload: Record<string, unknown>) => {
      const before = t.state;
      const [event] = t.do(type, player, payload);
      return describeEvent(event!, before);
    };
    expect(line('DeclareAttack', 'p1', { attackerId: mp, using: 'Lance' })).toBe("Alice's Test Red Lancer attacks with Lance");
    expect(line('PassPriority', 'p2', {})).toBe("Bob passes; Test Red Lancer's attack resolves");
    expect(line('DeclareDefenders', 'p2', { defenderIds: [maa] })).toBe('Bob defends with Test Red Archer');
    expect(line('AssignDamage', 'p1', { shares: { [maa]: 200 }, toCharacter: 100 })).toBe(
      "300 damage: 200 to Test Red Archer and 100 pierces to Bob's Character",
    );
    expect(line('ResolveBattle', 'p1', {})).toBe(
      "Test Red Lancer's attack resolves: Test Red Archer is destroyed; 100 damage to Bob's Character (3900 HP)",
    );
  });

  it('tells who survives a defended battle and names statuses in words', () => {
    const t = startGame({ p1: { hand: ['m3'] }, p2: { hand: ['maa', 'm2a'] } });
    const m3 = t.summon('p1', 'm3');
    t.toTurn(2);
    const maa = t.summon('p2', 'maa');
    const m2a = t.summon('p2', 'm2a');
    t.toTurn(3);
    t.advanceTo('combat');
    t.do('DeclareAttack', 'p1', { attackerId: m3, using: 'Slash' });
    t.do('PassPriority', 'p2');
    t.do('DeclareDefenders', 'p2', { defenderIds: [maa, m2a] });
    t.do('AssignDamage', 'p1', { shares: { [maa]: 250, [m2a]: 50 }, toCharacter: 0 });
    const before = t.state;
    const [resolve] = t.do('ResolveBattle', 'p1');
    expect(describeEvent(resolve!, before)).toBe("Test Red Sellsword's attack resolves: Test Red Archer is destroyed; Test Red Raider survives");
    const before2 = t.state;
    const [burn] = t.effect('SetStatus', { sourceCardId: m3, cardId: m2a, status: 'burn', params: { amount: 100 }, duration: 'thisTurn' });
    expect(describeEvent(burn!, before2)).toBe("Test Red Sellsword: Bob's Test Red Raider takes Burn 100 (this turn)");
  });

  it('does not name a card moving between hidden zones', () => {
    const t = startGame({ p1: { hand: ['m3'] } });
    const m3 = t.find('p1', 'm3');
    const before = t.state;
    const [event] = t.effect('MoveCard', { cardId: m3, from: 'hand', to: 'deck', position: 'top' });
    expect(describeEvent(event!, before)).toBe("Alice's card moves from hand to the deck");
    const before2 = t.state;
    const [event2] = t.effect('MoveCard', { cardId: m3, from: 'deck', to: 'graveyard' });
    expect(describeEvent(event2!, before2)).toBe("Alice's Test Red Sellsword moves from the deck to the graveyard");
  });

  it('gives every event of a game a readable line without hidden card names', () => {
    const t = startGame({ p1: { hand: ['m3', 'sk'] } });
    t.toTurn(3);
    t.advanceTo('main');
    t.do('PlayCard', 'p1', { cardId: t.find('p1', 'sk'), destination: 'skill' });
    t.do('PassPriority', 'p2');
    t.do('Concede', 'p2');
    let state = initialState({
      system: 'born-from-blood',
      rulesVersion: '1',
      config: {},
      players: [
        { seat: 'p1', name: 'Alice' },
        { seat: 'p2', name: 'Bob' },
      ],
      catalog: FIXTURE_CATALOG,
    });
    const lines: string[] = [];
    for (const e of t.log) {
      lines.push(describeEvent(e, state));
      state = evolve(state, e);
    }
    for (const l of lines) {
      expect(l).not.toMatch(/undefined|\[object/);
      expect(l.length).toBeGreaterThan(5);
    }
    const draws = t.log.map((e, i) => [e, lines[i]!] as const).filter(([e]) => e.type === 'DrawForTurn');
    expect(draws[0]![1]).toBe('Alice draws a card for the turn');
    expect(lines).toContain('Alice plays Test Red Drill for 2 N into a Skill slot; Bob may respond');
    expect(lines[lines.length - 1]).toBe('Alice wins: Bob conceded');
  });
});
