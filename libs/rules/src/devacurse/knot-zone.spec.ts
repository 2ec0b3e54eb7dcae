import { Table } from './testing/harness';

const colorless = { slot: 'generic', with: 'colorless' };

describe('T4 — Blessing production, payment, loss at phase end', () => {
  it('a prompt prayer gives one blessing, elements pay only their icons, colourless only the number, and the pool empties when the phase ends', () => {
    const t = new Table({ p1: ['SA9', 'XM1', 'XE2', 'SA1', 'SB1'], p2: [] });
    t.given('SA9', 'temple', { faceUp: true }).given('XM1', 'temple', { faceUp: false }).given('XE2', 'temple', { faceUp: true });
    t.given('SA1', 'hand').given('SB1', 'hand');
    t.to('preSoldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'SA9', element: 'fire' });
    expect(t.p('p1').pool.fire).toBe(1);
    expect(t.card('SA9').mode).toBe('rest');
    const round = t.passRound();
    expect(t.types(round)).toEqual(['PassPriority', 'PassPriority', 'BlessingLost', 'PhaseAdvanced']);
    expect(round[2]!.payload).toEqual({ amounts: [{ player: 'p1', kind: 'fire', n: 1 }] });
    expect(t.state.cursor.phase).toBe('soldierCalling');
    expect(t.reject('ProduceBlessing', 'p1', { prayerId: 'SA9' })).toBe('CARD_IN_REST');
    expect(t.reject('CallCard', 'p1', { cardId: 'SA1', from: 'hand', payment: [{ slot: 'fire', with: 'fire' }, { slot: 'generic', with: 'fire' }] })).toBe('INSUFFICIENT_BLESSING');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    expect(t.reject('ProduceBlessing', 'p1', { prayerId: 'XE2', element: 'fire' })).toBe('INVALID_ELEMENT_CHOICE');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XE2' });
    expect(t.p('p1').pool).toMatchObject({ colorless: 1, earth: 1 });
    expect(t.reject('CallCard', 'p1', { cardId: 'SA1', from: 'hand', payment: [{ slot: 'fire', with: 'colorless' }, { slot: 'generic', with: 'earth' }] })).toBe('PAYMENT_MISMATCH');
    t.do('CallCard', 'p1', { cardId: 'SB1', from: 'hand', payment: [colorless] });
    expect(t.state.knot.map((k) => k.card?.iid)).toEqual(['SB1']);
    expect(t.p('p1').pool).toMatchObject({ colorless: 0, earth: 1 });
    expect(t.state.priority?.holder).toBe('p2');
    t.passRound();
    t.do('ResolveKnotTop', 'p1');
    expect(t.card('SB1')).toMatchObject({ zone: 'soldierLine', mode: 'prompt' });
    expect(t.p('p1').pool.earth).toBe(1);
  });
});

describe('T5 — Non-Flash vs Flash in the opponent’s phase; LIFO', () => {
  function setup() {
    const t = new Table({ p1: ['SA1', 'SB1', 'XM1'], p2: ['XW1', 'XE1', 'EN1', 'EF1'] });
    t.given('SA1', 'soldierLine').given('SB1', 'hand').given('XM1', 'temple', { faceUp: false });
    t.given('XW1', 'temple', { faceUp: true }).given('XE1', 'temple', { faceUp: true }).given('EN1', 'hand').given('EF1', 'hand');
    t.to('soldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    t.do('CallCard', 'p1', { cardId: 'SB1', from: 'hand', payment: [colorless] });
    return t;
  }

  it('an opponent answers only with Flash, the last item in resolves first, and its fall batch lands before the item below resolves', () => {
    const t = setup();
    t.do('ProduceBlessing', 'p2', { prayerId: 'XE1' });
    expect(t.reject('CallCard', 'p2', { cardId: 'EN1', from: 'hand', targets: [{ card: 'SA1' }], payment: [{ slot: 'generic', with: 'earth' }] })).toBe('NOT_FLASH');
    t.do('ProduceBlessing', 'p2', { prayerId: 'XW1' });
    const from = t.log.length;
    t.do('CallCard', 'p2', { cardId: 'EF1', from: 'hand', targets: [{ card: 'SA1' }], payment: [{ slot: 'wind', with: 'wind' }] });
    expect(t.state.priority?.holder).toBe('p1');
    t.passRound();
    t.do('ResolveKnotTop', 'p2', { effects: [{ type: 'DestroyCard', cardId: 'SA1' }] });
    expect(t.state.falling).toEqual([{ id: expect.any(String), knotBase: 1, cards: ['SA1', 'EF1'] }]);
    expect(t.reject('ResolveKnotTop', 'p1')).toBe('NOT_DUE');
    t.passRound();
    expect(t.card('SA1').zone).toBe('cenotaph');
    expect(t.p('p2').cenotaph).toEqual(['EF1']);
    t.passRound();
    t.do('ResolveKnotTop', 'p1');
    expect(t.card('SB1').zone).toBe('soldierLine');
    expect(t.log.slice(from).map((e) => `${e.type}${e.player ? ` ${e.player}` : ''}`)).toEqual([
      'CallCard p2', 'PassPriority p1', 'PassPriority p2', 'ResolveKnotTop p2', 'PassPriority p1', 'PassPriority p2', 'FallBatchPlaced',
      'PassPriority p1', 'PassPriority p2', 'ResolveKnotTop p1',
    ]);
  });

  it('a non-Flash card of the opponent is refused in the caller’s Hero Calling phase too', () => {
    const t = setup();
    t.passRound();
    t.do('ResolveKnotTop', 'p1');
    t.to('heroCalling', 'p1');
    t.do('PassPriority', 'p1');
    expect(t.reject('CallCard', 'p2', { cardId: 'EN1', from: 'hand', targets: [{ card: 'SB1' }], payment: [{ slot: 'generic', with: 'earth' }] })).toBe('NOT_FLASH');
  });
});

describe('T6 — Countered because the target left', () => {
  it('an item whose every target is gone is countered: no effects, the card falls, the blessing is not refunded', () => {
    const t = new Table({ p1: ['EN1', 'XM1'], p2: ['SB2', 'ER1', 'XM2'] });
    t.given('EN1', 'hand').given('XM1', 'temple', { faceUp: false }).given('SB2', 'soldierLine').given('ER1', 'hand').given('XM2', 'temple', { faceUp: false });
    t.to('soldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    t.do('CallCard', 'p1', { cardId: 'EN1', from: 'hand', targets: [{ card: 'SB2' }], payment: [colorless] });
    t.do('ProduceBlessing', 'p2', { prayerId: 'XM2' });
    t.do('CallCard', 'p2', { cardId: 'ER1', from: 'hand', targets: [{ card: 'SB2' }], payment: [colorless] });
    t.passRound();
    t.do('ResolveKnotTop', 'p2', { effects: [{ type: 'MoveCard', cardId: 'SB2', to: { zone: 'hand' } }] });
    expect(t.card('SB2').zone).toBe('hand');
    t.passRound();
    expect(t.p('p2').cenotaph).toEqual(['ER1']);
    t.passRound();
    expect(t.reject('ResolveKnotTop', 'p1', { effects: [{ type: 'PlaceCounters', cardId: 'SB2', kind: 'damage', n: 2 }] })).toBe('ITEM_COUNTERED');
    t.do('ResolveKnotTop', 'p1');
    expect(t.state.falling[0]).toMatchObject({ knotBase: 0, cards: ['EN1'] });
    t.passRound();
    expect(t.p('p1').cenotaph).toEqual(['EN1']);
    expect(t.p('p1').pool.colorless).toBe(0);
    t.passRound();
    expect(t.state.cursor.phase).toBe('postSoldierCalling');
  });
});

describe('T7 — Calling from a face-down prayer', () => {
  it('a prompt face-down prayer is called like a card from hand; a rested or face-up one is not, and heroes come from hand only', () => {
    const t = new Table({ p1: ['SB3', 'XE2', 'SC1', 'HK1'], p2: [] });
    t.given('SB3', 'temple', { faceUp: false }).given('XE2', 'temple', { faceUp: true }).given('SC1', 'temple', { faceUp: false, mode: 'rest' }).given('HK1', 'temple', { faceUp: false });
    t.to('soldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XE2' });
    t.do('CallCard', 'p1', { cardId: 'SB3', from: 'temple', payment: [{ slot: 'generic', with: 'earth' }] });
    expect(t.p('p1').temple).toHaveLength(3);
    expect(t.card('SB3')).toMatchObject({ zone: 'knot', faceUp: true });
    t.passRound();
    t.do('ResolveKnotTop', 'p1');
    expect(t.card('SB3')).toMatchObject({ zone: 'soldierLine', mode: 'prompt' });
    expect(t.reject('CallCard', 'p1', { cardId: 'SC1', from: 'temple', payment: [] })).toBe('CARD_IN_REST');
    expect(t.reject('CallCard', 'p1', { cardId: 'XE2', from: 'temple', payment: [] })).toBe('PRAYER_NOT_FACE_DOWN');
    t.to('heroCalling', 'p1');
    expect(t.reject('CallHero', 'p1', { cardId: 'HK1' })).toBe('CARD_NOT_IN_ZONE');
  });
});

describe('T21 — Responses limited to Flash and skills', () => {
  it('with an item on the Knot zone even the phase owner adds only Flash cards', () => {
    const t = new Table({ p1: ['SA1', 'SB1', 'XM1', 'XM2', 'SF1', 'XM3'], p2: [] });
    t.given('SA1', 'hand').given('SB1', 'hand').given('SF1', 'hand');
    t.given('XM1', 'temple', { faceUp: false }).given('XM2', 'temple', { faceUp: true }).given('XM3', 'temple', { faceUp: false });
    t.to('soldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM2' });
    expect(t.reject('CallCard', 'p1', { cardId: 'SA1', from: 'hand', payment: [{ slot: 'fire', with: 'metal' }, { slot: 'generic', with: 'colorless' }] })).toBe('PAYMENT_MISMATCH');
    t.do('CallCard', 'p1', { cardId: 'SB1', from: 'hand', payment: [colorless] });
    t.do('PassPriority', 'p2');
    expect(t.reject('CallCard', 'p1', { cardId: 'SA1', from: 'hand', payment: [{ slot: 'generic', with: 'metal' }] })).toBe('KNOT_NOT_EMPTY');
    t.do('CallCard', 'p1', { cardId: 'SF1', from: 'hand', payment: [{ slot: 'generic', with: 'metal' }] });
    expect(t.state.knot).toHaveLength(2);
  });
});

describe('T21 — Responses limited to Flash and skills (step 4)', () => {
  it('a skill answers a call: its source is a prompt card its user controls on the Battlefield, or in a zone the skill names', () => {
    const t = new Table({ p1: ['SB1', 'XM1', 'SK1', 'SK2', 'SK3', 'SK5'], p2: ['SK4'] });
    t.given('SB1', 'hand').given('XM1', 'temple', { faceUp: false }).given('SK1', 'soldierLine').given('SK2', 'temple', { faceUp: true });
    t.given('SK3', 'soldierLine', { mode: 'rest' }).given('SK5', 'cenotaph').given('SK4', 'soldierLine');
    t.to('soldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    t.do('CallCard', 'p1', { cardId: 'SB1', from: 'hand', payment: [colorless] });
    t.do('PassPriority', 'p2');
    expect(t.reject('UseSkill', 'p1', { sourceId: 'SK1', skillId: 'nope' })).toBe('UNKNOWN_ABILITY_ID');
    expect(t.reject('UseSkill', 'p1', { sourceId: 'SK2', skillId: 'strike' })).toBe('SOURCE_HAS_NO_ABILITIES');
    expect(t.reject('UseSkill', 'p1', { sourceId: 'SK4', skillId: 'strike' })).toBe('CARD_NOT_IN_ZONE');
    expect(t.reject('UseSkill', 'p1', { sourceId: 'SK5', skillId: 'strike' })).toBe('CARD_NOT_IN_ZONE');
    expect(t.reject('UseSkill', 'p1', { sourceId: 'SK3', skillId: 'strike' })).toBe('CARD_IN_REST');
    expect(t.reject('UseSkill', 'p1', { sourceId: 'SK1', skillId: 'ward' })).toBe('PAYMENT_MISMATCH');
    expect(t.reject('UseSkill', 'p1', { sourceId: 'SK1', skillId: 'ward', payment: [colorless] })).toBe('INSUFFICIENT_BLESSING');
    t.do('UseSkill', 'p1', { sourceId: 'SK1', skillId: 'strike', targets: [{ card: 'SK4' }] });
    expect(t.card('SK1').mode).toBe('rest');
    expect(t.state.knot.map((k) => k.kind)).toEqual(['card', 'skill']);
    expect(t.state.priority?.holder).toBe('p2');
    t.do('PassPriority', 'p2');
    t.do('UseSkill', 'p1', { sourceId: 'SK5', skillId: 'recall' });
    expect(t.state.knot.map((k) => k.kind)).toEqual(['card', 'skill', 'skill']);
  });
});

describe('T25 — A target that left and came back is a new object', () => {
  it('an item targeting a card that left and returned is countered', () => {
    const t = new Table({ p1: ['EN1', 'XM1'], p2: ['SF1', 'ER1', 'XM2', 'XM3'] });
    t.given('EN1', 'hand').given('XM1', 'temple', { faceUp: false });
    t.given('SF1', 'soldierLine').given('ER1', 'hand').given('XM2', 'temple', { faceUp: false }).given('XM3', 'temple', { faceUp: false });
    t.to('soldierCalling', 'p1');
    const k = t.card('SF1').incarnation;
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    t.do('CallCard', 'p1', { cardId: 'EN1', from: 'hand', targets: [{ card: 'SF1' }], payment: [colorless] });
    expect(t.state.knot[0]!.targets).toEqual([{ card: { iid: 'SF1', incarnation: k } }]);
    t.do('ProduceBlessing', 'p2', { prayerId: 'XM2' });
    t.do('CallCard', 'p2', { cardId: 'ER1', from: 'hand', targets: [{ card: 'SF1' }], payment: [colorless] });
    t.passRound();
    t.do('ResolveKnotTop', 'p2', { effects: [{ type: 'MoveCard', cardId: 'SF1', to: { zone: 'hand' } }] });
    expect(t.card('SF1').incarnation).toBe(k + 1);
    t.passRound();
    t.do('PassPriority', 'p1');
    t.do('ProduceBlessing', 'p2', { prayerId: 'XM3' });
    t.do('CallCard', 'p2', { cardId: 'SF1', from: 'hand', payment: [colorless] });
    t.passRound();
    t.do('ResolveKnotTop', 'p2');
    expect(t.card('SF1')).toMatchObject({ zone: 'soldierLine', incarnation: k + 3 });
    t.passRound();
    expect(t.reject('ResolveKnotTop', 'p1', { effects: [{ type: 'PlaceCounters', cardId: 'SF1', kind: 'damage', n: 2 }] })).toBe('ITEM_COUNTERED');
    t.do('ResolveKnotTop', 'p1');
    t.passRound();
    expect(t.p('p1').cenotaph).toEqual(['EN1']);
    expect(t.card('SF1').damage).toBe(0);
  });
});
