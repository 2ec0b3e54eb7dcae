import type { AgDeckRegistered } from '@cardlog/events';

/** A deck as players would register it: identity, main deck and Aegis pile, by catalog id. */
export interface AgDeckList {
  readonly name: string;
  readonly archetype: string;
  readonly identity: readonly string[];
  readonly main: readonly string[];
  readonly aegis: readonly string[];
}

const times = (n: number, id: string) => Array.from({ length: n }, () => id);
const title = (c: string) => c[0]!.toUpperCase() + c.slice(1);

/** The default archetype label of a deck: its identity, e.g. "Fire/Water Dual" or "Earth Mono". */
export function identityArchetype(identity: readonly string[]): string {
  if (identity.length === 0) return 'unknown';
  return `${[...identity].sort().map(title).join('/')} ${identity.length === 1 ? 'Mono' : 'Dual'}`;
}

function dual(a: string, b: string, dualUnit: string | undefined): AgDeckList {
  const per = (c: string) => [
    ...times(2, `ag-${c}-u1`),
    ...times(2, `ag-${c}-u2`),
    ...times(2, `ag-${c}-u3`),
    `ag-${c}-u4`,
    `ag-${c}-u5`,
    `ag-${c}-u6`,
    `ag-${c}-atk`,
    `ag-${c}-def`,
    `ag-${c}-utl`,
    `ag-${c}-sup`,
  ];
  const main = [...per(a), ...per(b), `ag-${a}-fld`, 'ag-neutral-u2', 'ag-neutral-u2', 'ag-neutral-utl', dualUnit ?? 'ag-neutral-u4', 'ag-neutral-def'];
  return {
    name: `${title(a)}-${title(b)} Demo`,
    archetype: identityArchetype([a, b]),
    identity: [a, b],
    main,
    aegis: [`ag-${a}-aegis1`, `ag-${a}-aegis2`, `ag-${b}-aegis1`, `ag-${b}-aegis2`, 'ag-neutral-aegis1', 'ag-neutral-aegis2'],
  };
}

function mono(c: string): AgDeckList {
  const main = [
    ...times(3, `ag-${c}-u1`),
    ...times(3, `ag-${c}-u2`),
    ...times(3, `ag-${c}-u3`),
    ...times(2, `ag-${c}-u4`),
    ...times(2, `ag-${c}-u5`),
    ...times(2, `ag-${c}-u6`),
    ...times(2, `ag-${c}-atk`),
    ...times(2, `ag-${c}-def`),
    ...times(2, `ag-${c}-utl`),
    `ag-${c}-fld`,
    ...times(2, `ag-${c}-sup`),
    ...times(2, 'ag-neutral-u2'),
    'ag-neutral-u4',
    'ag-neutral-atk',
    'ag-neutral-sup',
    'ag-neutral-utl',
  ];
  return {
    name: `${title(c)} Mono Demo`,
    archetype: identityArchetype([c]),
    identity: [c],
    main,
    aegis: [`ag-${c}-aegis1`, `ag-${c}-aegis1`, `ag-${c}-aegis2`, `ag-${c}-aegis2`, 'ag-neutral-aegis1', 'ag-neutral-aegis2'],
  };
}

export const DEMO_DECKS: readonly AgDeckList[] = [
  dual('fire', 'water', 'ag-fire-water-u5'),
  dual('earth', 'air', 'ag-earth-air-u4'),
  dual('fire', 'earth', 'ag-fire-earth-u3'),
  dual('water', 'air', 'ag-water-air-u3'),
  mono('fire'),
  mono('earth'),
];

/** The DeckRegistered payload of a deck list for a seat: instances `p1-01`, …, Aegis `p1-a1`, …. */
export function registrationFor(deck: AgDeckList, seat: string): AgDeckRegistered {
  return {
    identity: [...deck.identity],
    main: deck.main.map((catalogId, i) => ({ cardId: `${seat}-${String(i + 1).padStart(2, '0')}`, catalogId })),
    aegis: deck.aegis.map((catalogId, i) => ({ cardId: `${seat}-a${i + 1}`, catalogId })),
  };
}
