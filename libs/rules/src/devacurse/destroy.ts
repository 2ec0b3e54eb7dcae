import type { Draft } from './draft';
import type { DvCard } from '@cardlog/events';
import { CardRow, FallBatch, blackHoleElements, catalogCard, currentAp, heroDestroyed, soldierDestroyed } from './state';

export type BatchBox = { current: FallBatch | null };

/**
 * A hero leaves the Arena (§6.6). Destroyed (`destroyed`): its controller loses FP equal to its
 * current AP (minimum 0, DV-R21). Either way the guardians sharing an element of its GC up to its
 * level go to their owners' Black Holes, the others fall to the hero controller's Cenotaph (DV-R35); a destroyed hero falls (and goes
 * on to the Black Hole when its batch is placed), a moved one goes where `to` says.
 */
export function heroLeaves(d: Draft, heroId: string, batch: BatchBox, destroyed: boolean): void {
  const hero = d.read(heroId);
  if (destroyed) {
    const p = d.player(hero.controller);
    p.faith -= Math.max(0, currentAp(d.s, hero));
  }
  const blackHole = blackHoleElements(d.s, hero);
  for (const gid of hero.guardians) {
    const g = d.read(gid);
    if (catalogCard(d.s, g).elements.some((e) => blackHole.has(e))) d.move(gid, 'blackHole');
    else d.fall(gid, batch, hero.controller);
  }
  if (destroyed) d.fall(heroId, batch);
}

/** A Battlefield card is destroyed: a soldier or event falls, a hero goes through §6.6 A. */
export function destroyCard(d: Draft, iid: string, batch: BatchBox): void {
  const card = d.read(iid);
  if (card.zone === 'heroLine') heroLeaves(d, iid, batch, true);
  else d.fall(iid, batch);
}

/** Cards the damage checks destroy now (§9): soldiers over DF, heroes at AP (DV-R19). */
export function failingChecks(d: Draft['s']): string[] {
  const out: string[] = [];
  // Runs after every resolution and combat, over every card on the lines: where no DF in the
  // catalog is below 0, an undamaged soldier without modifiers keeps its catalog DF and cannot fail,
  // and its entry is not looked up.
  const dfNeverNegative = noNegativeDf(d.catalog);
  for (const p of d.players) {
    if (p.eliminated) continue;
    for (const id of p.soldierLine) {
      const c = d.cards[d.cardIndex.get(id)!]!;
      if (dfNeverNegative && c.damage === 0 && c.mods.length === 0) continue;
      // The entry looked up once for its type and its DF (currentDf would look it up again).
      const entry = catalogCard(d, c);
      if (entry.type === 'soldier' && soldierDestroyed(c.damage, dfOf(entry, c))) out.push(id);
    }
    for (const id of p.heroLine) {
      const c = d.cards[d.cardIndex.get(id)!]!;
      if (heroDestroyed(c.damage, currentAp(d, c))) out.push(id);
    }
  }
  return out;
}

const NO_NEGATIVE_DF = new WeakMap<ReadonlyMap<string, DvCard>, boolean>();

/** Whether no entry of `catalog` has a DF below 0 (the log format's catalogs never do; a hand-made one might). */
function noNegativeDf(catalog: ReadonlyMap<string, DvCard>): boolean {
  let known = NO_NEGATIVE_DF.get(catalog);
  if (known === undefined) {
    known = true;
    for (const entry of catalog.values()) if ((entry.df ?? 0) < 0) known = false;
    NO_NEGATIVE_DF.set(catalog, known);
  }
  return known;
}

/** State-based destruction after an event, except while combat damage waits to take effect (DV-R25). */
export function runChecks(d: Draft, batch: BatchBox): void {
  if (d.s.combat?.placed) return;
  for (const id of failingChecks(d.s)) destroyCard(d, id, batch);
}

/** `currentDf` with the card's catalog entry already at hand. */
function dfOf(entry: DvCard, card: CardRow): number {
  let df = entry.df ?? 0;
  for (const m of card.mods) if (m.stat === 'df') df += m.delta;
  return df;
}
