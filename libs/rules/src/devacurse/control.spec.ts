import type { DvEffect } from '@cardlog/events';
import { Table } from './testing/harness';
import { describe as line } from './describe';
import { view } from './view';

// §12.4 ChangeController, AttachGuardian / DetachGuardian, AttachCard / DetachCard; T14 variant C.

/** Effects with a static cause: `cause` is a card of the Arena (not a prayer). */
const effects = (t: Table, cause: string, list: DvEffect[]) => t.do('ApplyEffects', undefined, { cause: { static: cause }, effects: list });
const refused = (t: Table, cause: string, list: DvEffect[]) => t.reject('ApplyEffects', undefined, { cause: { static: cause }, effects: list });

describe('T14 variant C — controller ≠ owner', () => {
  it('the controller loses the Faith, black-hole guardians go to their owner, the others to the controller’s Cenotaph, the hero to its owner’s', () => {
    const t = new Table({ p1: ['HH1', 'SA2', 'SA3', 'XE2'], p2: ['SC9'] });
    t.given('HH1', 'heroLine', { damage: 2 });
    for (const g of ['SA2', 'SA3', 'XE2']) t.given(g, 'guardian', { under: 'HH1' });
    t.given('SC9', 'soldierLine');
    t.to('soldierCalling', 'p1');
    const object = t.card('HH1').incarnation;
    effects(t, 'SC9', [{ type: 'ChangeController', cardId: 'HH1', player: 'p2' }]);
    expect(t.p('p1').heroLine).toEqual([]);
    expect(t.p('p2').heroLine).toEqual(['HH1']);
    expect(t.card('HH1')).toMatchObject({ owner: 'p1', controller: 'p2', damage: 2, incarnation: object, guardians: ['SA2', 'SA3', 'XE2'] });

    effects(t, 'SC9', [{ type: 'PlaceCounters', cardId: 'HH1', kind: 'damage', n: 2 }]);
    expect(t.p('p2').faith).toBe(26);
    expect(t.p('p1').faith).toBe(30);
    expect(t.p('p1').blackHole).toEqual(['SA2', 'SA3']);
    expect(t.card('XE2')).toMatchObject({ zone: 'falling', controller: 'p2' });
    const placed = t.passRound().find((e) => e.type === 'FallBatchPlaced')!;
    expect((placed.payload as { placed: unknown[] }).placed).toEqual(
      expect.arrayContaining([
        { cardId: 'XE2', to: 'cenotaph', player: 'p2' },
        { cardId: 'HH1', to: 'blackHole', player: 'p1' },
      ]),
    );
    expect(t.p('p2').cenotaph).toEqual(['XE2']);
    expect(t.p('p1').blackHole).toEqual(['SA2', 'SA3', 'HH1']);
  });
});

describe('ChangeController', () => {
  it('a card changes controller only in the Arena and only to a Deva still in the game', () => {
    const t = new Table({ p1: ['SA1', 'SB1'], p2: ['SC9'], p3: [] });
    t.given('SA1', 'soldierLine').given('SB1', 'hand').given('SC9', 'soldierLine');
    t.to('soldierCalling', 'p1');
    expect(refused(t, 'SC9', [{ type: 'ChangeController', cardId: 'SB1', player: 'p2' }])).toBe('CARD_NOT_IN_ZONE');
    expect(refused(t, 'SC9', [{ type: 'ChangeController', cardId: 'SA1', player: 'p9' }])).toBe('UNKNOWN_PLAYER');
    t.do('Concede', 'p3');
    expect(refused(t, 'SC9', [{ type: 'ChangeController', cardId: 'SA1', player: 'p3' }])).toBe('ILLEGAL_DESTINATION');
  });

  it('a soldier whose control changed attacks for its new controller; a zone change gives it back to its owner', () => {
    const t = new Table({ p1: ['SA1'], p2: ['SC9'] });
    t.given('SA1', 'soldierLine').given('SC9', 'soldierLine');
    t.to('preCombat', 'p1');
    effects(t, 'SC9', [{ type: 'ChangeController', cardId: 'SA1', player: 'p2' }]);
    t.passRound();
    expect(t.reject('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: ['SA1'] })).toBe('CARD_NOT_IN_ZONE');
    t.do('DeclareSoldierAttack', 'p1', { defender: 'p2', attackers: [] });
    t.to('preCombat', 'p2');
    t.passRound();
    t.do('DeclareSoldierAttack', 'p2', { defender: 'p1', attackers: ['SA1'] });
    expect(t.card('SA1').mode).toBe('rest');
    effects(t, 'SC9', [{ type: 'MoveCard', cardId: 'SA1', to: { zone: 'hand' } }]);
    expect(t.p('p1').hand).toContain('SA1');
    expect(t.card('SA1').controller).toBe('p1');
  });

  it('a Deva leaving the game takes the cards it controls with it, with the guardians under its heroes', () => {
    const t = new Table({ p1: ['SA1', 'HH1', 'SA2', 'SA3'], p2: ['SC9'], p3: [] });
    t.given('SA1', 'soldierLine').given('HH1', 'heroLine').given('SA2', 'guardian', { under: 'HH1' }).given('SA3', 'guardian', { under: 'HH1' });
    t.given('SC9', 'soldierLine');
    t.to('soldierCalling', 'p1');
    effects(t, 'SC9', [
      { type: 'ChangeController', cardId: 'SA1', player: 'p2' },
      { type: 'ChangeController', cardId: 'HH1', player: 'p2' },
    ]);
    t.do('Concede', 'p2');
    for (const id of ['SA1', 'HH1', 'SA2', 'SA3', 'SC9']) expect(t.card(id).zone).toBe('leftMatch');
    expect(t.p('p1').soldierLine).toEqual([]);
  });

  it('a face-down prayer under another Deva’s control is seen by that Deva and by its owner, and views name the owner', () => {
    const t = new Table({ p1: ['XM1'], p2: ['SC9'], p3: [] });
    t.given('XM1', 'temple', { faceUp: false }).given('SC9', 'soldierLine');
    t.to('soldierCalling', 'p1');
    effects(t, 'SC9', [{ type: 'ChangeController', cardId: 'XM1', player: 'p2' }]);
    expect(t.p('p2').temple).toEqual(['XM1']);
    expect(view(t.state, 'p2').players['p2']!.temple[0]).toMatchObject({ id: 'XM1', name: 'Test Filler M', owner: 'p1' });
    expect(view(t.state, 'p1').players['p2']!.temple[0]).toMatchObject({ id: 'XM1', name: 'Test Filler M' });
    expect(view(t.state, 'p3').players['p2']!.temple[0]).toEqual({ id: 'XM1', hidden: true, mode: 'prompt' });
    expect(view(t.state, 'spectator').players['p2']!.temple[0]).toEqual({ id: 'XM1', hidden: true, mode: 'prompt' });
    expect(t.reject('ProduceBlessing', 'p1', { prayerId: 'XM1' })).toBe('CARD_NOT_IN_ZONE');
  });
});

describe('AttachGuardian and DetachGuardian', () => {
  it('a card is put under a hero on a Battlefield as a new, face-up object; never from a Black Hole', () => {
    const t = new Table({ p1: ['HH1', 'HH2', 'SA2', 'SA3', 'SA4'], p2: ['SC9'] });
    t.given('HH1', 'heroLine').given('HH2', 'hand').given('SA2', 'cenotaph').given('SA3', 'blackHole').given('SA4', 'guardian', { under: 'HH1' }).given('SC9', 'soldierLine');
    t.to('soldierCalling', 'p1');
    expect(refused(t, 'SC9', [{ type: 'AttachGuardian', heroId: 'HH2', cardId: 'SA2' }])).toBe('CARD_NOT_IN_ZONE');
    expect(refused(t, 'SC9', [{ type: 'AttachGuardian', heroId: 'HH1', cardId: 'SA3' }])).toBe('BLACK_HOLE_FINAL');
    expect(refused(t, 'SC9', [{ type: 'AttachGuardian', heroId: 'HH1', cardId: 'SA4' }])).toBe('ILLEGAL_DESTINATION');
    expect(refused(t, 'SC9', [{ type: 'AttachGuardian', heroId: 'HH1', cardId: 'HH1' }])).toBe('ILLEGAL_DESTINATION');
    const object = t.card('SA2').incarnation;
    effects(t, 'SC9', [{ type: 'AttachGuardian', heroId: 'HH1', cardId: 'SA2' }]);
    expect(t.card('SA2')).toMatchObject({ zone: 'guardian', heroId: 'HH1', faceUp: true, incarnation: object + 1 });
    expect(t.card('HH1').guardians).toEqual(['SA4', 'SA2']);
    expect(t.p('p1').cenotaph).toEqual([]);
  });

  it('a removed guardian falls to the hero controller’s Cenotaph unless the effect names a destination', () => {
    const t = new Table({ p1: ['HH1', 'SA2', 'SA3', 'SA4'], p2: ['SC9'] });
    t.given('HH1', 'heroLine').given('SA2', 'guardian', { under: 'HH1' }).given('SA3', 'guardian', { under: 'HH1' }).given('SA4', 'cenotaph').given('SC9', 'soldierLine');
    t.to('soldierCalling', 'p1');
    expect(refused(t, 'SC9', [{ type: 'DetachGuardian', heroId: 'HH1', cardId: 'SA4' }])).toBe('CARD_NOT_IN_ZONE');
    expect(refused(t, 'SC9', [{ type: 'DetachGuardian', heroId: 'HH1', cardId: 'SA2', to: { zone: 'knot' } }])).toBe('ILLEGAL_DESTINATION');
    effects(t, 'SC9', [
      { type: 'ChangeController', cardId: 'HH1', player: 'p2' },
      { type: 'DetachGuardian', heroId: 'HH1', cardId: 'SA2' },
      { type: 'DetachGuardian', heroId: 'HH1', cardId: 'SA3', to: { zone: 'hand' } },
    ]);
    expect(t.card('HH1').guardians).toEqual([]);
    expect(t.card('SA2')).toMatchObject({ zone: 'falling', controller: 'p2' });
    expect(t.p('p1').hand).toContain('SA3');
    t.passRound();
    expect(t.p('p2').cenotaph).toEqual(['SA2']);
  });

  it('T15 setup: a guardian removed in the Prompt window leaves its hero short at Refresh, and the hero falls', () => {
    const t = new Table({ p1: ['HH1', 'SA2', 'SA3'], p2: ['SC9'] });
    t.given('HH1', 'heroLine').given('SA2', 'guardian', { under: 'HH1' }).given('SA3', 'guardian', { under: 'HH1' }).given('SC9', 'soldierLine');
    t.advance((s) => s.cursor.loop === 'prompt' && s.priority !== null);
    effects(t, 'SC9', [{ type: 'DetachGuardian', heroId: 'HH1', cardId: 'SA3', to: { zone: 'cenotaph', player: 'p1' } }]);
    t.advance((s) => s.cursor.loop === 'refresh' && s.priority !== null);
    const refresh = t.log.find((e) => e.type === 'RefreshApplied')!;
    expect(refresh.payload).toMatchObject({ destroyedHeroes: ['HH1'] });
    expect(t.p('p1').cenotaph).toEqual(['SA3']);
    expect(t.p('p1').blackHole).toEqual(['SA2']);
    expect(t.p('p1').faith).toBe(26);
  });
});

describe('AttachCard and DetachCard', () => {
  it('two Battlefield cards are attached and detached; a card that changes zone is attached to nothing', () => {
    const t = new Table({ p1: ['ET1', 'SA1', 'SB1'], p2: ['SC9'] });
    t.given('ET1', 'soldierLine').given('SA1', 'soldierLine').given('SB1', 'hand').given('SC9', 'soldierLine');
    t.to('soldierCalling', 'p1');
    expect(refused(t, 'SC9', [{ type: 'AttachCard', cardId: 'ET1', to: 'SB1' }])).toBe('CARD_NOT_IN_ZONE');
    expect(refused(t, 'SC9', [{ type: 'AttachCard', cardId: 'SB1', to: 'SA1' }])).toBe('CARD_NOT_IN_ZONE');
    expect(refused(t, 'SC9', [{ type: 'AttachCard', cardId: 'ET1', to: 'ET1' }])).toBe('ILLEGAL_DESTINATION');
    expect(refused(t, 'SC9', [{ type: 'DetachCard', cardId: 'SB1' }])).toBe('CARD_NOT_IN_ZONE');
    effects(t, 'SC9', [{ type: 'AttachCard', cardId: 'ET1', to: 'SA1' }]);
    expect(t.card('ET1').attachedTo).toEqual({ iid: 'SA1', incarnation: t.card('SA1').incarnation });
    expect(view(t.state, 'spectator').players['p1']!.soldierLine.find((c) => c.id === 'ET1')).toMatchObject({ attachedTo: 'SA1' });
    effects(t, 'SC9', [{ type: 'DetachCard', cardId: 'ET1' }]);
    expect(t.card('ET1').attachedTo).toBeNull();
    effects(t, 'SC9', [{ type: 'AttachCard', cardId: 'ET1', to: 'SA1' }]);
    // No automatic rule: the equipment stays, but the card it was attached to is a new object elsewhere.
    effects(t, 'SC9', [{ type: 'MoveCard', cardId: 'SA1', to: { zone: 'hand' } }]);
    expect(t.card('ET1').zone).toBe('soldierLine');
    expect(view(t.state, 'spectator').players['p1']!.soldierLine.find((c) => c.id === 'ET1')!.attachedTo).toBeUndefined();
    effects(t, 'SC9', [{ type: 'MoveCard', cardId: 'ET1', to: { zone: 'hand' } }]);
    expect(t.card('ET1').attachedTo).toBeNull();
  });
});

describe('War equipment', () => {
  it('an Event that stays in the Battlefield attaches itself as it enters; an instant one cannot', () => {
    const t = new Table({ p1: ['ET1', 'EN1', 'SA1', 'XM1', 'XM2'], p2: [] });
    t.given('ET1', 'hand').given('EN1', 'hand').given('SA1', 'soldierLine').given('XM1', 'temple', { faceUp: false }).given('XM2', 'temple', { faceUp: false });
    t.to('soldierCalling', 'p1');
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM1' });
    t.do('CallCard', 'p1', { cardId: 'EN1', from: 'hand', targets: [{ card: 'SA1' }], payment: [{ slot: 'generic', with: 'colorless' }] });
    t.passRound();
    expect(t.reject('ResolveKnotTop', 'p1', { effects: [{ type: 'AttachCard', cardId: 'EN1', to: 'SA1' }] })).toBe('CARD_NOT_IN_ZONE');
    t.do('ResolveKnotTop', 'p1');
    t.passRound();
    t.do('ProduceBlessing', 'p1', { prayerId: 'XM2' });
    t.do('CallCard', 'p1', { cardId: 'ET1', from: 'hand', payment: [{ slot: 'generic', with: 'colorless' }] });
    t.passRound();
    t.do('ResolveKnotTop', 'p1', { effects: [{ type: 'AttachCard', cardId: 'ET1', to: 'SA1' }] });
    expect(t.card('ET1')).toMatchObject({ zone: 'soldierLine', attachedTo: { iid: 'SA1', incarnation: t.card('SA1').incarnation } });
  });
});

describe('Descriptions of the control and stack effects', () => {
  it('each effect reads as one phrase of its event line', () => {
    const t = new Table({ p1: ['HH1', 'SA2', 'SA1', 'ET1'], p2: ['SC9'] });
    t.given('HH1', 'heroLine').given('SA2', 'guardian', { under: 'HH1' }).given('SA1', 'soldierLine').given('ET1', 'soldierLine').given('SC9', 'soldierLine');
    const event = {
      type: 'ApplyEffects',
      payload: {
        cause: { static: 'SC9' },
        effects: [
          { type: 'ChangeController', cardId: 'SA1', player: 'p2' },
          { type: 'DetachGuardian', heroId: 'HH1', cardId: 'SA2' },
          { type: 'AttachCard', cardId: 'ET1', to: 'SA1' },
          { type: 'MoveCard', cardId: 'SA1', to: { zone: 'universe' }, position: 'top' },
        ],
      },
    };
    expect(line(event, t.state)).toBe(
      'Test Soldier C: P2 takes control of Test Soldier A; Test Soldier A leaves Test Hero H for the Cenotaph; Test Invention T attached to Test Soldier A; Test Soldier A to the top of Universe',
    );
  });
});
