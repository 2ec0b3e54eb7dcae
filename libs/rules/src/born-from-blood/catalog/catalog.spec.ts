import { KEYWORDS, bfbCardSchema } from '@cardlog/events';
import { validateDeckRegistration } from '../deck-validation';
import { DEMO_CATALOG_ID, DEMO_DECKS, builtinCatalogs, demoCatalog, registrationFor } from './index';

const cards = demoCatalog.cards;

describe('the demo catalog demo-bfb@1', () => {
  it('is shipped under its reference', () => {
    expect(builtinCatalogs[DEMO_CATALOG_ID]).toBe(demoCatalog);
    expect(demoCatalog.id).toBe('demo-bfb@1');
  });

  it.each(cards.map((c) => [c.id, c] as const))('%s is a valid catalog entry', (_id, card) => {
    expect(bfbCardSchema.safeParse(card).error?.issues ?? []).toEqual([]);
  });

  it('holds at least 60 cards with unique ids and names', () => {
    expect(cards.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cards.map((c) => c.id)).size).toBe(cards.length);
    expect(new Set(cards.map((c) => c.name)).size).toBe(cards.length);
  });

  it('covers every card type, Off-Hand, Field Artifact and Extra cards', () => {
    expect(new Set(cards.map((c) => c.type))).toEqual(new Set(['Character', 'Mercenary', 'Skill', 'Item', 'Artifact']));
    expect(cards.some((c) => c.offHand)).toBe(true);
    expect(cards.some((c) => c.fieldArtifact)).toBe(true);
    expect(cards.some((c) => c.extra && c.type === 'Mercenary')).toBe(true);
    expect(cards.some((c) => c.extra && c.type === 'Skill')).toBe(true);
    const characterColors = new Set(cards.filter((c) => c.type === 'Character').flatMap((c) => (c.colors === 'any' ? [] : c.colors)));
    expect(characterColors.size).toBeGreaterThanOrEqual(3);
    expect(cards.some((c) => c.colors === 'any' && c.type === 'Mercenary')).toBe(true);
  });

  it('covers every keyword, Pray, oneShot, Worthless, Agna and every ability kind', () => {
    const keywords = new Set(cards.flatMap((c) => c.keywords ?? []).map((k) => k.kw));
    expect([...KEYWORDS].filter((k) => !keywords.has(k))).toEqual([]);
    expect(cards.some((c) => c.pray)).toBe(true);
    expect(cards.some((c) => c.oneShot)).toBe(true);
    expect(cards.some((c) => c.worthless)).toBe(true);
    expect(cards.some((c) => c.tags?.includes('Agna'))).toBe(true);
    const kinds = new Set(cards.flatMap((c) => c.abilities ?? []).map((a) => a.kind));
    expect(kinds).toEqual(new Set(['order', 'endPhase', 'pray', 'triggered', 'continuous', 'other']));
    const abilities = cards.flatMap((c) => c.abilities ?? []);
    expect(abilities.some((a) => a.limit === 'oncePerTurn') && abilities.some((a) => a.limit === 'oncePerGame')).toBe(true);
    const skills = cards.flatMap((c) => c.combatSkills ?? []);
    expect(skills.some((s) => s.cd !== undefined && s.nCost !== undefined)).toBe(true);
    expect(skills.some((s) => s.pierce)).toBe(true);
    expect(cards.some((c) => c.artVariants?.some((v) => v.special))).toBe(true);
  });

  it.each(Object.entries(DEMO_DECKS))('the %s demo deck is a legal registration for either seat', (_colour, deck) => {
    const p1 = registrationFor(deck, 'p1');
    expect(p1.main).toHaveLength(50);
    expect(validateDeckRegistration(p1, cards, [])).toEqual(p1);
    const p2 = registrationFor(deck, 'p2');
    const bound = [p1.character, ...p1.main, ...p1.extra].map((e) => e.cardId);
    expect(() => validateDeckRegistration(p2, cards, bound)).not.toThrow();
  });
});
