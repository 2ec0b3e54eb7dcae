import type { PlayerEntry } from '@cardlog/events';

/** Whether a header seats exactly p1 and p2, in either order (checked without sorting: it runs once per replay). */
export function seatsP1AndP2(players: readonly PlayerEntry[]): boolean {
  if (players.length !== 2) return false;
  const a = players[0]!.seat;
  const b = players[1]!.seat;
  return (a === 'p1' && b === 'p2') || (a === 'p2' && b === 'p1');
}
