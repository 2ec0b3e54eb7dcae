import type { Page } from 'playwright-core';

/** The zones of a Born from Blood side as the board labels them, with the view's field key. */
const ZONES = [
  ['Mercenaries', 'mercenary'],
  ['Artifacts', 'artifact'],
  ['Skills', 'skill'],
  ['Item', 'item'],
  ['Off-Hand', 'offHand'],
  ['Extra Zone', 'extraZone'],
] as const;

export interface SideText {
  readonly stats: Record<string, string>;
  readonly zones: Record<string, string[]>;
}

/** What the board should say for each seat, derived from the state API's view. */
export function expectedBoard(view: any): Record<string, SideText> {
  const out: Record<string, SideText> = {};
  for (const [seat, p] of Object.entries<any>(view.players)) {
    const stats: Record<string, string> = {
      HP: String(p.hp),
      N: String(p.n),
      Hand: String(p.handSize),
      Deck: String(p.deckSize),
      'Extra Deck': String(p.extraDeckSize),
      Graveyard: String(p.graveyard.length),
    };
    if (p.characterBlock) stats.Block = String(p.characterBlock);
    const zones: Record<string, string[]> = { Character: p.character ? [p.character.name] : [] };
    for (const [label, key] of ZONES) zones[label] = (p.field[key] ?? []).map((c: any) => c.name);
    zones.Hand = p.hand ? p.hand.map((c: any) => c.name) : [];
    zones.Graveyard = p.graveyard.map((c: any) => c.name);
    out[seat] = { stats, zones };
  }
  return out;
}

/** What the board says, read from the page by its labels. */
export async function renderedBoard(page: Page, seats: readonly string[]): Promise<Record<string, SideText>> {
  const labels = ['Character', ...ZONES.map(([l]) => l), 'Hand', 'Graveyard'];
  return page.evaluate(
    ({ seats, labels }) => {
      const out: Record<string, { stats: Record<string, string>; zones: Record<string, string[]> }> = {};
      for (const seat of seats) {
        const stats: Record<string, string> = {};
        const dl = document.querySelector(`dl[aria-label="${seat} resources"]`);
        dl?.querySelectorAll('.stat').forEach((s) => (stats[s.querySelector('dt')!.textContent!.trim()] = s.querySelector('dd')!.textContent!.trim()));
        const zones: Record<string, string[]> = {};
        for (const label of labels) {
          const list = document.querySelector(`ul[aria-label="${seat} ${label}"]`);
          const items = list ? [...list.querySelectorAll(':scope > li')] : [];
          // Face-down cards carry no name: they count as none here, as the API sent none.
          zones[label] = items.filter((li) => !li.classList.contains('back')).map((li) => (li.querySelector('.card-name') ?? li).textContent!.trim());
        }
        out[seat] = { stats, zones };
      }
      return out;
    },
    { seats, labels },
  );
}
