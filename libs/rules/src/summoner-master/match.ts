import type { GameDocument } from '@cardlog/events';
import type { Outcome } from '../game-system';

export type MatchCheck = { readonly ok: true } | { readonly ok: false; readonly code: string; readonly message: string };

/**
 * 102.3–102.4 across the games of a match: given how the previous game of the match ended, checks
 * that the next game's document records it (`GameCreated.previousGame`, game number + 1 when both
 * documents carry `game.gameNumber`) and settles its first player the way the decree says: the
 * previous loser chooses, or a fair method after a draw (SM-R5). Seats are matched by player id
 * when both documents carry ids, else by seat. Pure; for tournaments.
 */
export function checkMatchFirstPlayer(
  previousOutcome: Outcome,
  nextDocument: GameDocument,
  previous?: { readonly players?: GameDocument['players']; readonly gameNumber?: number },
): MatchCheck {
  const fail = (code: string, message: string): MatchCheck => ({ ok: false, code, message });
  const events = nextDocument.events;
  const created = events.find((e) => e.type === 'GameCreated')?.payload as { gameNumber?: number; previousGame?: { winner?: string; draw?: true } } | undefined;
  if (!created) return fail('NO_GAME', 'the next game has no GameCreated event');
  const number = nextDocument.game?.gameNumber ?? created.gameNumber;
  if (previous?.gameNumber !== undefined && number !== previous.gameNumber + 1) {
    return fail('MATCH_GAME_NUMBER', `game ${number} does not follow game ${previous.gameNumber}`);
  }
  // The previous winner's seat, as the next document seats them.
  let winner: string | null = null;
  if (previousOutcome.result === 'win') {
    winner = previousOutcome.winner;
    const id = previous?.players?.find((p) => p.seat === winner)?.id;
    const seat = id === undefined ? undefined : nextDocument.players.find((p) => p.id === id)?.seat;
    if (seat) winner = seat;
  }
  const recorded = created.previousGame;
  if (!recorded) return fail('MATCH_PREVIOUS_GAME', 'the next game does not record the previous game’s result');
  if (winner === null ? recorded.draw !== true : recorded.winner !== winner) {
    return fail('MATCH_PREVIOUS_GAME', `the next game records the previous result as ${JSON.stringify(recorded)}; it was ${winner ? `a win for ${winner}` : 'a draw'}`);
  }
  const chosen = events.find((e) => e.type === 'FirstPlayerChosen');
  const fair = events.find((e) => e.type === 'FirstPlayerDetermined');
  if (winner === null) {
    return fair && !chosen ? { ok: true } : fail('FIRST_PLAYER_FAIR_METHOD_REQUIRED', 'after a drawn game the first player is settled by a fair method (SM-R5)');
  }
  const loser = winner === 'p1' ? 'p2' : 'p1';
  if (!chosen || fair) return fail('FIRST_PLAYER_LOSER_CHOOSES', `the previous game's loser, ${loser}, chooses who starts (102.4)`);
  if (chosen.player !== loser) return fail('FIRST_PLAYER_CHOOSER_NOT_LOSER', `${chosen.player} chose, but ${loser} lost the previous game (102.4)`);
  return { ok: true };
}
