/** The card games Cardlog records, by the system id a document names in `system`. */
export const SYSTEM_IDS = ['aegis', 'born-from-blood', 'devacurse', 'summoner-master'] as const;
export type SystemId = (typeof SYSTEM_IDS)[number];

export function isSystemId(value: unknown): value is SystemId {
  return typeof value === 'string' && (SYSTEM_IDS as readonly string[]).includes(value);
}

/** Seats are `p1`, `p2`, … `p12`; a game names its acting seat in each event's `player`. */
export const SEAT_PATTERN = /^p(?:[1-9]|1[0-2])$/;
export type Seat = `p${number}`;
