import type { SmCard } from '@cardlog/events';
import { DEMO_CARDS } from './demo-catalog';

export interface SmDemoDeck {
  readonly name: string;
  readonly archetype: string;
  /** Catalog ids, with repeats: at least 30 Seal and 30 Mystic cards (SM-R2). */
  readonly deck: readonly string[];
  readonly reflections: readonly string[];
}

function build(name: string, elements: readonly string[], reflections: readonly string[], banned: readonly string[]): SmDemoDeck {
  const seals = DEMO_CARDS.filter((c) => c.kind === 'Seal' && !c.reflection && elements.includes(c.element ?? ''));
  const mystics = DEMO_CARDS.filter((c) => c.kind === 'Mystic' && !c.reflection && (!isBanned(c, banned) || reflections.some((r) => sameName(r, c))));
  const deck: string[] = [];
  for (let i = 0; deck.length < 32; i++) deck.push(seals[i % seals.length]!.id);
  for (let i = 0; deck.length < 64; i++) deck.push(mystics[i % mystics.length]!.id);
  return { name, archetype: `${elements.join('/')} Seals`, deck, reflections };
}

function isBanned(card: SmCard, banned: readonly string[]): boolean {
  return banned.includes(card.name);
}
function sameName(reflectionId: string, card: SmCard): boolean {
  const r = DEMO_CARDS.find((c) => c.id === reflectionId);
  return r !== undefined && r.kind === card.kind && r.name === card.name;
}

const BANNED = ['Forbidden Codex', 'Iron Decree'];
export const SM_DEMO_DECKS: readonly SmDemoDeck[] = [
  build('Emberfall', ['Ember', 'Gale'], ['smd-r01', 'smd-r04', 'smd-r05'], BANNED),
  build('Deep Bastion', ['Tide', 'Stone'], ['smd-r02', 'smd-r03', 'smd-r06'], BANNED),
  build('Storm Tide', ['Gale', 'Tide'], ['smd-r04'], BANNED),
  build('Rockfire', ['Stone', 'Ember'], [], BANNED),
];
