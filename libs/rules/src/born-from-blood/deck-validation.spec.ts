import type { BfbCard } from '@cardlog/events';
import { RuleViolation } from '../rule-violation';
import { DeckEntry, DeckRegistration, validateDeckRegistration } from './deck-validation';

// The §13 fixture catalog, as far as deck construction reads it.
const base = { extra: false, pray: false, worthless: false, text: '' };
const red = ['red'];
const merc = (id: string, name: string, nCost: number, hp: number, more: Partial<BfbCard> = {}): BfbCard => ({
  ...base,
  id,
  name,
  type: 'Mercenary',
  colors: red,
  nCost,
  hp,
  ...more,
});
const fixtures: BfbCard[] = [
  { ...base, id: 'ch', name: 'Test Crimson Warden', type: 'Character', colors: red },
  merc('m3', 'Test Red Sellsword', 3, 200, { artVariants: [{ artId: 'm3-sa', special: true }] }),
  merc('m2a', 'Test Red Raider', 2, 100, { keywords: [{ kw: 'Assault' }] }),
  merc('msky', 'Test Red Kite', 3, 200, { keywords: [{ kw: 'Skybound' }] }),
  merc('maa', 'Test Red Archer', 2, 200, { keywords: [{ kw: 'AntiAir' }] }),
  merc('mp', 'Test Red Lancer', 4, 300),
  merc('mdbl', 'Test Red Twinblade', 3, 200, { keywords: [{ kw: 'DoubleAttack' }] }),
  merc('mreb', 'Test Red Boomerang', 1, 100, { keywords: [{ kw: 'Assault' }, { kw: 'Rebound' }] }),
  merc('minf', 'Test Red Infiltrator', 2, 100, { keywords: [{ kw: 'Infiltration' }] }),
  merc('mpray', 'Test Red Ambusher', 2, 200, { pray: true }),
  { ...base, id: 'art', name: 'Test Red Totem', type: 'Artifact', colors: red, nCost: 2 },
  { ...base, id: 'sk', name: 'Test Red Drill', type: 'Skill', colors: red, nCost: 2 },
  { ...base, id: 'pq', name: 'Test Quick Prayer', type: 'Skill', colors: red, nCost: 1, pray: true, oneShot: true },
  { ...base, id: 'itm', name: 'Test Red Trinket', type: 'Item', colors: red, nCost: 1, worthless: true },
  { ...base, id: 'oh', name: 'Test Red Buckler', type: 'Item', colors: red, nCost: 1, offHand: true, keywords: [{ kw: 'Block', value: 100 }] },
  { ...base, id: 'any', name: 'Test Wandering Charm', type: 'Item', colors: 'any', nCost: 1 },
  merc('xr', 'Test Red Colossus', 0, 500, { extra: true }),
  merc('mb', 'Test Blue Sellsword', 3, 200, { colors: ['blue'] }),
];

/** A legal 50-card red deck around `ch`: four of each of twelve cards and two `itm`, the last entry an `itm`. */
function legalDeck(seat = 'p2'): DeckRegistration {
  const ids = ['m3', 'm2a', 'msky', 'maa', 'mp', 'mdbl', 'mreb', 'minf', 'mpray', 'art', 'sk', 'pq'];
  const catalogIds = [...ids.flatMap((id) => [id, id, id, id]), 'itm', 'itm'];
  return {
    character: { cardId: `${seat}-00`, catalogId: 'ch' },
    main: catalogIds.map((catalogId, i) => ({ cardId: `${seat}-${String(i + 1).padStart(2, '0')}`, catalogId })),
    extra: [],
  };
}

/** The legal deck with its last main card (an `itm`) replaced. */
function replacingLast(entry: Omit<DeckEntry, 'cardId'>, deck = legalDeck()): DeckRegistration {
  const last = deck.main[deck.main.length - 1]!;
  return { ...deck, main: [...deck.main.slice(0, -1), { cardId: last.cardId, ...entry }] };
}

function violationOf(run: () => unknown): RuleViolation {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
  throw new Error('expected a RuleViolation');
}
const codeOf = (registration: DeckRegistration, bound: Iterable<string> = []) =>
  violationOf(() => validateDeckRegistration(registration, fixtures, bound)).code;

/** The legal deck with two of its four `m3` in the special art. */
function twoSpecialArts(seat = 'p2'): DeckRegistration {
  const deck = legalDeck(seat);
  return { ...deck, main: deck.main.map((e, i) => (i < 2 ? { ...e, artId: 'm3-sa' } : e)) };
}

describe('scenario B14: deck construction', () => {
  it('accepts the base deck unchanged', () => {
    expect(validateDeckRegistration(legalDeck(), fixtures, [])).toEqual(legalDeck());
  });

  it('(a) a fifth m3, even in its special art, breaks the 4-copy limit', () => {
    expect(codeOf(replacingLast({ catalogId: 'm3', artId: 'm3-sa' }))).toBe('DECK_COPIES');
  });

  it('(b) a 49-card main deck is not 50', () => {
    const deck = legalDeck();
    expect(codeOf({ ...deck, main: deck.main.slice(0, -1) })).toBe('DECK_MAIN_SIZE');
  });

  it('(c) a blue card does not fit a red Character', () => {
    expect(codeOf(replacingLast({ catalogId: 'mb' }))).toBe('DECK_COLOR');
  });

  it('(d) an Extra card listed in the main deck', () => {
    expect(codeOf(replacingLast({ catalogId: 'xr' }))).toBe('DECK_MAIN_TYPE');
  });

  it('(e) an owner of one special art cannot list two', () => {
    const deck = { ...twoSpecialArts(), specialArtOwnership: { counts: { 'm3#m3-sa': 1 } } };
    expect(codeOf(deck)).toBe('SPECIAL_ART_NOT_OWNED');
  });

  it('(f) a player who owns no special art gets the normal art instead (BB-R21)', () => {
    const result = validateDeckRegistration(twoSpecialArts('p1'), fixtures, legalDeck('p2').main.map((e) => e.cardId));
    expect(result.main.slice(0, 2)).toEqual([
      { cardId: 'p1-01', catalogId: 'm3' },
      { cardId: 'p1-02', catalogId: 'm3' },
    ]);
    expect(result.main.some((e) => e.artId !== undefined)).toBe(false);
    expect(result.main).toHaveLength(50);
  });

  it('(g) an Any Color card fits every deck', () => {
    expect(() => validateDeckRegistration(replacingLast({ catalogId: 'any' }), fixtures, [])).not.toThrow();
  });
});

describe('validateDeckRegistration: each §3 code', () => {
  it('DUPLICATE_CARD_ID: an instance id used twice in one registration', () => {
    const deck = legalDeck();
    expect(codeOf({ ...deck, extra: [{ cardId: 'p2-07', catalogId: 'xr' }] })).toBe('DUPLICATE_CARD_ID');
  });

  it('DUPLICATE_CARD_ID: an instance id the other seat already bound', () => {
    expect(codeOf(legalDeck('p2'), ['p1-00', 'p2-13'])).toBe('DUPLICATE_CARD_ID');
  });

  it('DECK_UNKNOWN_CARD: a catalog id the catalog lacks', () => {
    expect(codeOf(replacingLast({ catalogId: 'nope' }))).toBe('DECK_UNKNOWN_CARD');
  });

  it('DECK_UNKNOWN_CARD: an art the card does not have', () => {
    expect(codeOf(replacingLast({ catalogId: 'm2a', artId: 'm3-sa' }))).toBe('DECK_UNKNOWN_CARD');
  });

  it('DECK_CHARACTER: the character entry is not a Character', () => {
    expect(codeOf({ ...legalDeck(), character: { cardId: 'p2-00', catalogId: 'm3' } })).toBe('DECK_CHARACTER');
  });

  it('DECK_MAIN_TYPE: a Character in the main deck', () => {
    expect(codeOf(replacingLast({ catalogId: 'ch' }))).toBe('DECK_MAIN_TYPE');
  });

  it('DECK_EXTRA_TYPE: a non-Extra card in the Extra Deck', () => {
    expect(codeOf({ ...legalDeck(), extra: [{ cardId: 'p2-51', catalogId: 'm2a' }] })).toBe('DECK_EXTRA_TYPE');
  });

  it('DECK_MAIN_SIZE: 51 cards are not 50 either', () => {
    const deck = legalDeck();
    expect(codeOf({ ...deck, main: [...deck.main, { cardId: 'p2-51', catalogId: 'any' }] })).toBe('DECK_MAIN_SIZE');
  });

  it('DECK_COPIES: copies are counted across main and extra together', () => {
    const extra = [51, 52, 53, 54, 55].map((n) => ({ cardId: `p2-${n}`, catalogId: 'xr' }));
    expect(() => validateDeckRegistration({ ...legalDeck(), extra: extra.slice(0, 4) }, fixtures, [])).not.toThrow();
    expect(codeOf({ ...legalDeck(), extra })).toBe('DECK_COPIES');
  });

  it('DECK_COLOR: an off-colour card in the Extra Deck', () => {
    const blueExtra: BfbCard = { ...fixtures.find((c) => c.id === 'xr')!, id: 'xb', name: 'Test Blue Colossus', colors: ['blue'] };
    const deck = { ...legalDeck(), extra: [{ cardId: 'p2-51', catalogId: 'xb' }] };
    expect(violationOf(() => validateDeckRegistration(deck, [...fixtures, blueExtra], [])).code).toBe('DECK_COLOR');
  });

  it('SPECIAL_ART_NOT_OWNED: an owner may use exactly as many as owned', () => {
    const deck = { ...twoSpecialArts(), specialArtOwnership: { counts: { 'm3#m3-sa': 2 } } };
    const result = validateDeckRegistration(deck, fixtures, []);
    expect(result.main.filter((e) => e.artId === 'm3-sa')).toHaveLength(2);
    expect(codeOf({ ...deck, specialArtOwnership: { counts: { 'm3#m3-sa': 1 } } })).toBe('SPECIAL_ART_NOT_OWNED');
  });

  it('a registration with several faults gets the first code in §3 order', () => {
    const deck = legalDeck();
    const faults = {
      ...deck,
      character: { cardId: 'p2-00', catalogId: 'm3' }, // DECK_CHARACTER
      main: [...deck.main.slice(0, 40), { cardId: 'p2-41', catalogId: 'mb' }], // DECK_MAIN_SIZE, DECK_COLOR
      extra: [{ cardId: 'p2-60', catalogId: 'm2a' }], // DECK_EXTRA_TYPE
    };
    expect(codeOf(faults)).toBe('DECK_CHARACTER');
    expect(codeOf({ ...faults, character: deck.character })).toBe('DECK_EXTRA_TYPE');
    expect(codeOf({ ...faults, character: deck.character, extra: [] })).toBe('DECK_MAIN_SIZE');
    expect(codeOf({ ...faults, character: { cardId: 'p2-00', catalogId: 'ghost' } })).toBe('DECK_UNKNOWN_CARD');
    expect(codeOf({ ...faults, character: { cardId: 'p2-41', catalogId: 'ghost' } })).toBe('DUPLICATE_CARD_ID');
  });

  it('accepts a catalog given as a map, and leaves owned special arts as they are', () => {
    const map = new Map(fixtures.map((c) => [c.id, c]));
    const deck = { ...twoSpecialArts(), specialArtOwnership: { counts: { 'm3#m3-sa': 4 } } };
    expect(validateDeckRegistration(deck, map)).toEqual(deck);
  });
});
