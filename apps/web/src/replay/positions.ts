// Positions in one place (#10 may refine the vocabulary). A replay step N is the board after the
// first N events of the game's stream (step 0: before any event), the numbering of
// GET /v1/games/:id/replay (`seq`) and of GET /v1/games/:id/state?step=N.

/** The step at which a rejected log's valid prefix ends: the board just before the rejected event. */
export function stepOfRejection(rejection: { index?: number | null; validEvents?: number | null }): number {
  // The API's `index` is the 0-based position of the rejected event in the document's `events`, so
  // exactly `index` events before it were valid (also sent as `validEvents`).
  return Math.max(0, rejection.validEvents ?? rejection.index ?? 0);
}

/** The step to show for a `step` query parameter: clamped to the game, the start when absent or malformed. */
export function stepFromParam(raw: string | null, total: number): number {
  if (raw === null || !/^\d+$/.test(raw)) return 0;
  return Math.min(Number(raw), total);
}

export interface TurnStart {
  readonly turn: number;
  readonly step: number;
  readonly player: string | null;
}

export function turnStarts(steps: readonly { seq: number; turn: number | null; turnStart: boolean; turnPlayer: string | null }[]): TurnStart[] {
  return steps.filter((s) => s.turnStart && s.turn !== null).map((s) => ({ turn: s.turn!, step: s.seq, player: s.turnPlayer }));
}

/** The start of the next turn after `step`, or the last step. */
export function nextTurn(turns: readonly TurnStart[], step: number, total: number): number {
  return turns.find((t) => t.step > step)?.step ?? total;
}

/** The start of the turn before the one `step` is in (or of this turn, when past its first step); else 0. */
export function previousTurn(turns: readonly TurnStart[], step: number): number {
  const earlier = turns.filter((t) => t.step < step);
  return earlier[earlier.length - 1]?.step ?? 0;
}
