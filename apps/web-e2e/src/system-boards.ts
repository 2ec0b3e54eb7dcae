import type { Page } from 'playwright-core';

/** What one side of a board says: its labelled numbers, the card names of each zone, and the backs drawn in each. */
export interface Side {
  readonly stats: Record<string, string>;
  readonly zones: Record<string, string[]>;
  readonly backs: Record<string, number>;
}

export interface BoardText {
  /** The zone labels the board draws for every side. */
  readonly labels: readonly string[];
  /** What the board should say for each seat, derived from the state API's view. */
  expected(view: any): Record<string, Side>;
}

const names = (cards: readonly { name: string }[] | undefined) => (cards ?? []).map((c) => c.name);

export const AEGIS: BoardText = {
  labels: ['Units', 'Support', 'Field', 'Aegis pile', 'Aegis area', 'Hand', 'Drop'],
  expected(view) {
    const out: Record<string, Side> = {};
    for (const [seat, p] of Object.entries<any>(view.players)) {
      out[seat] = {
        stats: { Aegis: String(p.aegisSetCount), Mana: String(p.mana), Hand: String(p.handSize), Deck: String(p.deckSize), Drop: String(p.drop.length) },
        zones: { Units: names(p.units), Support: names(p.support), Field: names(p.field), 'Aegis pile': names(p.aegisSet), 'Aegis area': names(p.aegisOpen), Hand: names(p.hand), Drop: names(p.drop) },
        backs: { 'Aegis pile': p.aegisSet ? 0 : p.aegisSetCount, Hand: p.hand ? 0 : p.handSize },
      };
    }
    return out;
  },
};

export const DEVACURSE: BoardText = {
  labels: ['Temple', 'Hero line', 'Soldier line', 'Hand', 'Cenotaph', 'Black Hole'],
  expected(view) {
    const out: Record<string, Side> = {};
    for (const [seat, p] of Object.entries<any>(view.players)) {
      const blessing = Object.values<number>(p.blessing).reduce((a, b) => a + b, 0);
      const temple = p.temple as any[];
      out[seat] = {
        stats: {
          Faith: String(p.faith),
          Blessing: String(blessing),
          Prayers: String(temple.length),
          Hand: String(p.handSize),
          Universe: String(p.universeSize),
          Cenotaph: String(p.cenotaph.length),
          'Black Hole': String(p.blackHole.length),
        },
        zones: {
          Temple: temple.filter((t) => !t.hidden).map((t) => t.name),
          'Hero line': names(p.heroLine),
          'Soldier line': names(p.soldierLine),
          Hand: names(p.hand),
          Cenotaph: names(p.cenotaph),
          'Black Hole': names(p.blackHole),
        },
        backs: { Temple: temple.filter((t) => t.hidden).length, Hand: p.hand ? 0 : p.handSize },
      };
    }
    return out;
  },
};

export const SUMMONER_MASTER: BoardText = {
  labels: ['At Line', 'Df Line', 'Mystics', 'Reflection Zone', 'Hand', 'Shrine', 'Remove Zone'],
  expected(view) {
    const out: Record<string, Side> = {};
    for (const [seat, p] of Object.entries<any>(view.players)) {
      const arena = p.arena as any[];
      out[seat] = {
        stats: {
          'Shrine Level': String(p.shrineLevel),
          Mp: String(p.mp),
          Hand: String(p.handSize),
          'Seal pile': String(p.sealDeckSize),
          'Mystic pile': String(p.mysticDeckSize),
          Shrine: String(p.shrine.length),
        },
        zones: {
          'At Line': names(arena.filter((c) => c.kind === 'Seal' && c.line === 'At')),
          'Df Line': names(arena.filter((c) => c.kind === 'Seal' && c.line === 'Df')),
          Mystics: names(arena.filter((c) => c.kind !== 'Seal')),
          'Reflection Zone': names(p.reflectionZone),
          Hand: names(p.hand),
          Shrine: names(p.shrine),
          'Remove Zone': names(p.removeZone),
        },
        backs: { Hand: p.hand ? 0 : p.handSize },
      };
    }
    return out;
  },
};

/** What the board says, read from the page by its labels: `<seat> resources`, `<seat> <zone>`, "face-down card". */
export async function renderedSides(page: Page, seats: readonly string[], board: BoardText): Promise<Record<string, Side>> {
  return page.evaluate(
    ({ seats, labels }) => {
      const out: Record<string, { stats: Record<string, string>; zones: Record<string, string[]>; backs: Record<string, number> }> = {};
      for (const seat of seats) {
        const stats: Record<string, string> = {};
        document
          .querySelector(`dl[aria-label="${seat} resources"]`)
          ?.querySelectorAll('.stat')
          .forEach((s) => (stats[s.querySelector('dt')!.textContent!.trim()] = s.querySelector('dd')!.textContent!.trim()));
        const zones: Record<string, string[]> = {};
        const backs: Record<string, number> = {};
        for (const label of labels) {
          const list = document.querySelector(`ul[aria-label="${seat} ${label}"]`);
          const items = list ? [...list.querySelectorAll(':scope > li')] : [];
          const isBack = (li: Element) => li.classList.contains('back') || li.querySelector(':scope > .back') !== null;
          // A back carries no name (the API sent none): it is counted, not read.
          zones[label] = items.filter((li) => !isBack(li)).map((li) => (li.querySelector('.card-name') ?? li).textContent!.trim());
          backs[label] = items.filter(isBack).length;
        }
        out[seat] = { stats, zones, backs };
      }
      return out;
    },
    { seats, labels: board.labels },
  );
}

/** Only the back counts of the zones the expectation names (a zone without backs reads as 0). */
export function withBacksOf(rendered: Record<string, Side>, expected: Record<string, Side>): Record<string, Side> {
  const out: Record<string, Side> = {};
  for (const [seat, side] of Object.entries(rendered)) {
    const backs: Record<string, number> = {};
    for (const label of Object.keys(expected[seat]?.backs ?? {})) backs[label] = side.backs[label] ?? 0;
    out[seat] = { ...side, backs };
  }
  return out;
}
