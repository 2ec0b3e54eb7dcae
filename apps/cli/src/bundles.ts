import { TOURNAMENT_FORMAT } from '@cardlog/events';

/** Whether a file's text is a `cardlog-tournament/1` bundle (upload sends it to /v1/tournaments, validate checks it whole). */
export function isTournamentBundle(text: string): boolean {
  if (!text.includes(TOURNAMENT_FORMAT)) return false;
  try {
    return (JSON.parse(text) as { format?: unknown }).format === TOURNAMENT_FORMAT;
  } catch {
    return false;
  }
}
