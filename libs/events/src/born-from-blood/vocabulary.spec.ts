import { logJsonSchema } from '../json-schema';
import { parseGameDocument } from '../parse';
import { vocabularyFor } from '../vocabularies';
import { bornFromBloodEvents, bornFromBloodVocabulary } from './vocabulary';

const CORE_ACTIONS = [
  'DeckRegistered',
  'OpeningHandDrawn',
  'Mulligan',
  'AdvancePhase',
  'DrawForTurn',
  'PlayCard',
  'ActivateAbility',
  'PassPriority',
  'SellCard',
  'DeclareAttack',
  'DeclareDefenders',
  'AssignDamage',
  'ResolveBattle',
  'DiscardToHandLimit',
  'EndTurn',
  'Concede',
];
const EFFECTS = [
  'MoveCard',
  'DealDamage',
  'ChangeHP',
  'ModifyStat',
  'ModifyBattleDamage',
  'GrantAttackProperty',
  'GrantKeyword',
  'RemoveKeyword',
  'SetStatus',
  'ClearStatus',
  'ChangeN',
  'ChangeCounter',
  'DrawCards',
  'DestroyCard',
  'NegateStackItem',
  'TransformCard',
  'CreateSpecialSlot',
  'RemoveSpecialSlot',
  'RecordAbilityUse',
  'RollDie',
  'RevealCards',
  'LookAtCards',
  'ShuffleZone',
  'Note',
];

const doc = (events: unknown[], extra: Record<string, unknown> = {}) => ({
  format: 'cardlog/1',
  system: 'born-from-blood',
  rulesVersion: '1',
  players: [
    { seat: 'p1', name: 'Ari' },
    { seat: 'p2', name: 'Bo' },
  ],
  catalog: 'demo-bfb@1',
  events,
  ...extra,
});

describe('the Born from Blood vocabulary', () => {
  it('is registered for documents naming born-from-blood', () => {
    expect(vocabularyFor('born-from-blood')).toBe(bornFromBloodVocabulary);
  });

  it('has every event of §12.2 and §12.3 and nothing else', () => {
    const system = ['MatchCreated', 'FirstPlayerChosen', 'GameStarted'];
    const derived = ['CardsPutInGraveyard', 'GameEnded'];
    expect(Object.keys(bornFromBloodEvents).sort()).toEqual([...CORE_ACTIONS, ...system, ...derived, ...EFFECTS].sort());
  });

  it('player actions carry the acting seat; system, effect and derived events carry none', () => {
    const events = bornFromBloodEvents as Record<string, { actor: string; derived?: boolean }>;
    for (const type of CORE_ACTIONS) expect([type, events[type]!.actor]).toEqual([type, 'required']);
    for (const type of [...EFFECTS, 'MatchCreated', 'FirstPlayerChosen', 'GameStarted']) expect([type, events[type]!.actor]).toEqual([type, 'none']);
    expect(events['CardsPutInGraveyard']).toMatchObject({ actor: 'none', derived: true });
    expect(events['GameEnded']).toMatchObject({ actor: 'none', derived: true });
  });

  it('accepts a well-formed document with its match config', () => {
    const result = parseGameDocument(
      doc(
        [
          { type: 'MatchCreated', payload: { players: ['p1', 'p2'], config: { cdCountsEveryTurn: true } } },
          { type: 'PlayCard', player: 'p1', payload: { cardId: 'p1-02', destination: { host: 'p1-09' } } },
          { type: 'SetStatus', payload: { sourceCardId: 'rule', cardId: 'p2-03', status: 'burn', params: { amount: 200 }, duration: 'permanent' } },
          { type: 'GameEnded', payload: { winner: 'p1', reason: 'concede' } },
        ],
        { config: { cdCountsEveryTurn: true } },
      ),
    );
    expect(result.ok).toBe(true);
  });

  it('is strict: unknown fields, a missing sourceCardId and a misplaced player are schema errors', () => {
    const bad = [
      { type: 'PlayCard', player: 'p1', payload: { cardId: 'p1-02', destination: 'mercenary', free: true } },
      { type: 'DealDamage', payload: { target: { character: 'p2' }, amount: 100 } },
      { type: 'ChangeN', player: 'p1', payload: { sourceCardId: 'rule', player: 'p1', delta: 1 } },
      { type: 'EndTurn', payload: {} },
      { type: 'RollDie', payload: { sourceCardId: 'rule', player: 'p1', sides: 20, result: 3, purpose: 'x' } },
    ];
    for (const event of bad) expect(parseGameDocument(doc([event])).ok).toBe(false);
    expect(parseGameDocument(doc([], { config: { cdCountsEveryTurn: true, other: 1 } })).ok).toBe(false);
  });

  it('appears in the generated JSON Schema', () => {
    expect(JSON.stringify(logJsonSchema())).toContain('DeclareAttack');
  });
});
