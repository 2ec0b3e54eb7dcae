import type { DeckEntry, DeckRegistration } from '../deck-validation';

/** A deck list by catalog id and copy count; `registrationFor` turns it into instance ids for a seat. */
export interface DeckList {
  readonly name: string;
  readonly archetype: string;
  readonly character: string;
  readonly main: readonly DeckLine[];
  readonly extra: readonly DeckLine[];
}

export interface DeckLine {
  readonly catalogId: string;
  readonly count: number;
  readonly artId?: string;
}

const line = (catalogId: string, count: number, artId?: string): DeckLine => ({ catalogId, count, ...(artId ? { artId } : {}) });

/** Four legal 50-card demo decks of `demo-bfb@1`, one per colour. */
export const DEMO_DECKS: Readonly<Record<'red' | 'blue' | 'green' | 'black', DeckList>> = {
  red: {
    name: 'Forge Rush',
    archetype: 'aggro',
    character: 'ch-red-kesra',
    main: [
      line('red-ember-whelp', 2),
      line('red-ember-whelp', 2, 'red-ember-whelp-alt'),
      line('red-cinder-raider', 4),
      line('red-forge-lancer', 4),
      line('red-twin-fang', 4),
      line('red-ash-hawk', 4),
      line('red-flare-boomer', 4),
      line('red-blaze-tyrant', 2),
      line('red-pyre-berserker', 2),
      line('red-kiln-sentry', 4),
      line('red-war-drum', 2),
      line('red-fury-drill', 2),
      line('red-ember-rite', 2),
      line('red-spark-charm', 2),
      line('any-road-sellsword', 4),
      line('any-hired-blade', 4),
      line('any-battle-hymn', 2),
    ],
    extra: [line('x-red-inferno-colossus', 1), line('x-any-ascended-edge', 1)],
  },
  blue: {
    name: 'Tidewall',
    archetype: 'tempo',
    character: 'ch-blue-ilvane',
    main: [
      line('blue-tide-scout', 4),
      line('blue-reef-guard', 4),
      line('blue-storm-kite', 4),
      line('blue-harpoon-archer', 4),
      line('blue-deepwater-golem', 2),
      line('blue-mist-oracle', 4),
      line('blue-frost-lens', 2),
      line('blue-current-shift', 2),
      line('blue-undertow-prayer', 3),
      line('blue-coral-buckler', 2),
      line('blue-lagoon-mirror', 1),
      line('blue-tempest-wyrm', 2),
      line('blue-wave-dancer', 3),
      line('any-road-sellsword', 4),
      line('any-hired-blade', 4),
      line('any-skyward-archer', 3),
      line('any-quick-ward', 2),
    ],
    extra: [line('x-blue-leviathan', 1)],
  },
  green: {
    name: 'Old Growth',
    archetype: 'midrange',
    character: 'ch-green-maru',
    main: [
      line('green-moss-cub', 4),
      line('green-thornback', 4),
      line('green-grove-warden', 3),
      line('green-canopy-stalker', 4),
      line('green-old-oak', 2),
      line('green-seed-bloom', 2),
      line('green-wild-growth', 2),
      line('green-bark-gauntlet', 2),
      line('green-stag-charger', 4),
      line('green-vine-lurker', 4),
      line('green-briar-twins', 3),
      line('green-ancient-tortoise', 2),
      line('green-spore-priest', 4),
      line('any-hired-blade', 4),
      line('any-hedge-knight', 4),
      line('any-field-camp', 2),
    ],
    extra: [line('x-green-heartwood', 1)],
  },
  black: {
    name: 'Gilded Hoard',
    archetype: 'control',
    character: 'ch-black-vorun',
    main: [
      line('black-agna-acolyte', 4),
      line('black-agna-reliquary', 2),
      line('black-gilded-revenant', 4),
      line('black-crypt-bat', 4),
      line('black-grave-pact', 2),
      line('black-bone-charm', 2),
      line('black-hollow-knight', 4),
      line('any-road-sellsword', 4),
      line('any-hired-blade', 4),
      line('any-hedge-knight', 4),
      line('any-skyward-archer', 4),
      line('any-traveler-satchel', 2),
      line('any-iron-buckler', 2),
      line('any-lantern-totem', 4),
      line('any-field-camp', 2),
      line('any-quick-ward', 2),
    ],
    extra: [line('x-black-agna-sovereign', 1), line('x-any-ascended-edge', 1)],
  },
};

/**
 * The `DeckRegistered` payload of a deck list for a seat, with instance ids by the `<seat>-<nn>`
 * convention (§3): the Character is `<seat>-00`, the main deck `-01`…`-50`, the Extra Deck after it.
 */
export function registrationFor(deck: DeckList, seat: string): DeckRegistration {
  let next = 1;
  const id = (n: number) => `${seat}-${String(n).padStart(2, '0')}`;
  const expand = (lines: readonly DeckLine[]): DeckEntry[] =>
    lines.flatMap((l) =>
      Array.from({ length: l.count }, () => ({ cardId: id(next++), catalogId: l.catalogId, ...(l.artId ? { artId: l.artId } : {}) })),
    );
  const main = expand(deck.main);
  const extra = expand(deck.extra);
  return { character: { cardId: id(0), catalogId: deck.character }, main, extra };
}
