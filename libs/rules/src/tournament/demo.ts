import type { TournamentBundle } from '@cardlog/events';
import { SimulateTournamentOptions, simulateTournament } from './simulate-tournament';
import { topCutRounds } from './top-cut';

/** One demo event: what `simulateTournament` is asked for, with a fixed id and seed. */
export interface DemoTournamentPlan extends SimulateTournamentOptions {
  readonly id: string;
  readonly name: string;
  readonly seed: number;
}

/**
 * The events a fresh local server is filled with, one per game system, smallest first so the
 * dashboard has something in it while the rest load. Sized so a laptop (or a busy 2-core CI machine)
 * has them all within about a minute: about 75,000 events in all. Formats differ as they do between
 * real events: best-of-three where the match rules matter (Summoner Master's loser chooses, SM-R5/R6;
 * Born from Blood, whose going-first edge best-of-three evens out), best-of-one for Aegis's larger
 * field and for Devacurse, whose games run to about a thousand events each. Seeds are fixed: every
 * fresh start shows the same field. Each plays its top 8 out after the Swiss rounds, so every demo
 * event has a bracket and a champion.
 */
export const DEMO_TOURNAMENTS: readonly DemoTournamentPlan[] = [
  { system: 'summoner-master', id: 'demo-summoner-master', name: 'Summoner Master Harbour Cup', players: 16, rounds: 4, bestOf: 3, seed: 1501, startDate: '2026-11-07', playTopCut: true },
  { system: 'aegis', id: 'demo-aegis', name: 'Aegis Autumn Open', players: 24, rounds: 4, bestOf: 1, seed: 1502, startDate: '2026-11-14', playTopCut: true },
  { system: 'born-from-blood', id: 'demo-born-from-blood', name: 'Born from Blood Night Market', players: 16, rounds: 4, bestOf: 3, seed: 1503, startDate: '2026-11-21', playTopCut: true },
  { system: 'devacurse', id: 'demo-devacurse', name: 'Devacurse Club Night', players: 16, rounds: 4, bestOf: 1, seed: 1534, startDate: '2026-11-28', playTopCut: true },
];

/** How many rounds a plan's bundle holds: its Swiss rounds and, when played, its top cut's. */
export function demoRounds(plan: DemoTournamentPlan): number {
  const swiss = plan.rounds ?? 5;
  const topCut = plan.topCut ?? ((plan.players ?? 32) >= 16 ? 8 : undefined);
  return swiss + (plan.playTopCut ? topCutRounds(topCut) : 0);
}

/** A demo event as a tournament bundle: the same plan gives the same bundle, byte for byte. */
export function simulateDemoTournament(plan: DemoTournamentPlan): TournamentBundle {
  return simulateTournament(plan);
}
