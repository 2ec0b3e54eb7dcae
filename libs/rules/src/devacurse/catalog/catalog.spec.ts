import { DV_ELEMENTS, dvCardSchema } from '@cardlog/events';
import { DEMO_CARDS, DEMO_DECKS } from '.';

describe('the demo catalog demo-dv@1', () => {
  it('has at least 60 valid cards over all six elements and colourless, of every kind the issue lists', () => {
    expect(DEMO_CARDS.length).toBeGreaterThanOrEqual(60);
    for (const card of DEMO_CARDS) expect(dvCardSchema.safeParse(card).success).toBe(true);
    expect(new Set(DEMO_CARDS.map((c) => c.id)).size).toBe(DEMO_CARDS.length);
    for (const e of DV_ELEMENTS) expect(DEMO_CARDS.some((c) => c.elements.includes(e))).toBe(true);
    expect(DEMO_CARDS.some((c) => c.elements.length === 0)).toBe(true);
    expect(DEMO_CARDS.some((c) => c.type === 'soldier')).toBe(true);
    expect(DEMO_CARDS.filter((c) => c.type === 'hero').every((c) => c.guardianCost?.lv1 && c.guardianCost.lv2)).toBe(true);
    expect(DEMO_CARDS.some((c) => c.eventKind === 'incantation')).toBe(true);
    expect(DEMO_CARDS.some((c) => c.eventKind === 'invention')).toBe(true);
    expect(DEMO_CARDS.some((c) => c.flash && c.type === 'event')).toBe(true);
    expect(DEMO_CARDS.some((c) => c.flash && c.type === 'soldier')).toBe(true);
    expect(DEMO_CARDS.some((c) => c.turnCount !== undefined)).toBe(true);
  });

  it('rejects entries that break §2.2 with CATALOG_ENTRY_INVALID', () => {
    const bad = dvCardSchema.safeParse({ id: 'x', name: 'X', type: 'soldier', elements: ['fire'], at: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toMatch(/^CATALOG_ENTRY_INVALID: a soldier needs blessingCost, at and df/);
    const turns = dvCardSchema.safeParse({ id: 'h', name: 'H', type: 'hero', elements: [], at: 1, ap: 1, guardianCost: { lv1: {}, lv2: {} }, turnCount: 2 });
    expect(turns.error!.issues[0]!.message).toMatch(/turnCount is allowed only on events/);
  });

  it('builds demo decks of 40 cards from catalog cards', () => {
    const ids = new Set(DEMO_CARDS.map((c) => c.id));
    for (const deck of DEMO_DECKS) {
      expect(deck.cards.reduce((n, [, c]) => n + c, 0)).toBe(40);
      for (const [id, copies] of deck.cards) {
        expect(ids.has(id)).toBe(true);
        expect(copies).toBeGreaterThan(0);
      }
    }
  });
});
