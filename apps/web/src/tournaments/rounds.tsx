import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import type { MatchPairing, RoundPairing, TournamentRound } from '../api/types';
import { turnStarts } from '../replay/positions';
import { Link, hrefWith } from '../router';
import { ErrorBox, Loading } from '../ui/errors';
import { bracketOrder, firstPlayerMethodWords, topCutRounds, turnInProse, turnName } from '../ui/words';

export const isBye = (p: RoundPairing): p is { bye: string } => 'bye' in p;

/** The anchor of a match on the tournament page: `#r3-t5`, or `#r3-bye` for the round's bye. */
export const matchAnchor = (round: number, p: RoundPairing) => (isBye(p) ? `r${round}-bye-${p.bye}` : `r${round}-t${p.table}`); // tournamentHref links to these
export const matchHref = (round: number, p: RoundPairing) => hrefWith({ round }, matchAnchor(round, p));

/** "2–1", with drawn games after a second dash ("1–1–1"). */
export function scoreText(m: MatchPairing, first: string = m.players[0]): string {
  const second = m.players[0] === first ? m.players[1] : m.players[0];
  return `${m.result.wins[first] ?? 0}–${m.result.wins[second] ?? 0}${m.result.draws ? `–${m.result.draws}` : ''}`;
}

export type Names = ReadonlyMap<string, string>;

const nameOf = (names: Names, id: string | null) => (id === null ? null : (names.get(id) ?? id));

/** A player's link: their standing, matches and list on this page (`?player=`). */
export function PlayerLink({ id, names }: { id: string; names: Names }) {
  return (
    <Link href={hrefWith({ player: id }, 'player')} className="player-link">
      {nameOf(names, id)}
    </Link>
  );
}

/**
 * One round: every pairing with its table, players, result and games (or its bye). `system` is the
 * tournament's game, `label` the round's name ("Round 3", "Semifinals"); in the top cut
 * (`elimination`) a bye is a place in the next round.
 */
export function RoundTable({ round, names, system, label, elimination }: { round: TournamentRound; names: Names; system: string; label: string; elimination: boolean }) {
  return (
    <div className="table-scroll">
      <table className="pairings stacked" aria-label={`${label} pairings`}>
        <thead>
          <tr>
            <th scope="col" className="num">
              Table
            </th>
            <th scope="col">Players</th>
            <th scope="col">Result</th>
            <th scope="col">Games</th>
          </tr>
        </thead>
        <tbody>
          {round.pairings.map((p) => (
            <PairingRow key={matchAnchor(round.round, p)} pairing={p} round={round.round} bestOf={round.bestOf} names={names} system={system} elimination={elimination} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PairingRow(props: { pairing: RoundPairing; round: number; bestOf: number; names: Names; system: string; elimination: boolean }) {
  const { pairing: p, round, bestOf, names, system } = props;
  if (isBye(p)) {
    return (
      <tr id={matchAnchor(round, p)} data-match={matchAnchor(round, p)}>
        <td className="num">—</td>
        <td>
          <PlayerLink id={p.bye} names={names} />
        </td>
        <td data-field="result">{props.elimination ? 'bye (a top seed with no one to meet: on to the next round)' : `bye (a won match, ${Math.ceil(bestOf / 2)}–0)`}</td>
        <td className="muted">no games</td>
      </tr>
    );
  }
  const [a, b] = p.players;
  const winner = (p.result.wins[a] ?? 0) > (p.result.wins[b] ?? 0) ? a : (p.result.wins[b] ?? 0) > (p.result.wins[a] ?? 0) ? b : null;
  return (
    <tr id={matchAnchor(round, p)} data-match={matchAnchor(round, p)}>
      <td className="num">{p.table}</td>
      <td>
        <PlayerLink id={a} names={names} /> <span className="muted">vs</span> <PlayerLink id={b} names={names} />
      </td>
      <td data-field="result">
        <strong>{scoreText(p)}</strong> {winner ? <span>{nameOf(names, winner)} won</span> : <span>drawn match</span>}
        {p.resultOnly ? (
          <div>
            <span className="tag" title="The organiser reported this result without game logs: it counts for standings, not for game statistics.">
              result only
            </span>
          </div>
        ) : null}
      </td>
      <td>{p.resultOnly ? <span className="muted">no logs: reported result</span> : <MatchGames match={p} names={names} system={system} />}</td>
    </tr>
  );
}

/** Each game of a match: who won, who went first and how, a link to its replay at step 0, and its turns (Subturns in Summoner Master). */
export function MatchGames({ match, names, system }: { match: MatchPairing; names: Names; system: string }) {
  const unit = turnName(system);
  const prose = turnInProse(system);
  return (
    <ol className="match-games" aria-label={`Games of table ${match.table}`}>
      {match.games.map((g) => (
        <li key={g.gameId}>
          <Link href={`/games/${encodeURIComponent(g.gameId)}?step=0`}>Game {g.gameNumber}</Link>{' '}
          <span>{g.winner ? `${nameOf(names, g.winner)} won` : 'draw'}</span>
          {g.firstPlayer ? (
            <span className="muted small-text">
              {' '}
              · {nameOf(names, g.firstPlayer)} went first{howChosen(g, names)}
            </span>
          ) : null}
          <GameTurns gameId={g.gameId} unit={unit} prose={prose} label={`${unit}s of game ${g.gameNumber}, table ${match.table}`} />
        </li>
      ))}
    </ol>
  );
}

/** " (coin toss)", " (a fair method: rock-paper-scissors)", " (chosen by Ada)": how the first player was chosen, as the log says it. */
function howChosen(g: { firstPlayerMethod: string | null; firstPlayerDetail?: string | undefined; firstPlayerChosenBy?: string | undefined }, names: Names): string {
  const method = g.firstPlayerMethod ? firstPlayerMethodWords(g.firstPlayerMethod) : g.firstPlayerChosenBy ? `chosen by ${nameOf(names, g.firstPlayerChosenBy)}` : null;
  const how = [method, g.firstPlayerDetail].filter(Boolean).join(': ');
  return how ? ` (${how})` : '';
}

/** A game's turns, each a link to the replay at that turn's first step; read only when opened. `unit` is the game's word for a turn, `prose` that word inside a sentence. */
function GameTurns({ gameId, unit, prose, label }: { gameId: string; unit: string; prose: string; label: string }) {
  const [open, setOpen] = useState(false);
  const replay = useQuery({ queryKey: ['replay', gameId], queryFn: ({ signal }) => api.replay(gameId, signal), enabled: open });
  const turns = replay.data ? turnStarts(replay.data.steps) : [];
  const seat = (s: string | null) => replay.data?.players.find((p) => p.seat === s)?.name ?? s;
  return (
    <details className="turns" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{prose}s</summary>
      {replay.isError ? <ErrorBox error={replay.error} /> : null}
      {open && replay.isPending ? <Loading what="turns" /> : null}
      {turns.length ? (
        <ol aria-label={label}>
          {turns.map((t) => (
            <li key={t.step}>
              <Link href={`/games/${encodeURIComponent(gameId)}?step=${t.step}`} title={`${unit} ${t.turn}${t.player ? `, ${seat(t.player)}` : ''}: step ${t.step}`}>
                {t.turn}
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  );
}

/** The round list of a tournament: a link per recorded round, the shown one current. */
export function RoundNav({ rounds, current, label }: { rounds: number; current: number; label: (round: number) => string }) {
  return (
    <nav className="round-nav" aria-label="Rounds">
      <ul>
        {Array.from({ length: rounds }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link href={hrefWith({ round: n }, 'rounds')} aria-current={n === current ? 'page' : undefined}>
              {label(n)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function RoundSection(props: { round: { data?: TournamentRound | undefined; error: unknown; isError: boolean }; names: Names; system: string; label: string; elimination: boolean }) {
  const { round } = props;
  if (round.isError) return <ErrorBox error={round.error} />;
  if (!round.data) return <Loading what="the round" />;
  return <RoundTable round={round.data} names={props.names} system={props.system} label={props.label} elimination={props.elimination} />;
}

/**
 * The top cut as a bracket: a column per round, each match with the players' seeds (as the cut's
 * first round records them: the final Swiss standings, in the organiser's order among players
 * tied on every tiebreaker), its score and its winner, linking to the match's pairings and games;
 * then the champion.
 */
export function Bracket(props: { rounds: readonly TournamentRound[]; names: Names; roundLabel: (round: number) => string; champion: string | null }) {
  const { rounds, names, roundLabel, champion } = props;
  const seeds = new Map(Object.entries(rounds[0]?.seeds ?? {}));
  const bySeed = (x: string, y: string) => (seeds.get(x) ?? Infinity) - (seeds.get(y) ?? Infinity);
  // Matches top to bottom in bracket order, so each feeds the match beside it in the next column.
  const size = 2 ** topCutRounds(Math.max(2, seeds.size));
  const slots = new Map(bracketOrder(size).map((seed, slot) => [seed, slot]));
  const slotOf = (p: RoundPairing) => Math.min(...(isBye(p) ? [p.bye] : p.players).map((id) => slots.get(seeds.get(id) ?? Infinity) ?? Infinity));
  const Line = ({ id, score, won }: { id: string; score: string; won: boolean }) => (
    <li className={won ? 'won' : undefined}>
      <span className="seed">{seeds.get(id) ?? ''}</span> <PlayerLink id={id} names={names} /> <span className="score">{score}</span>
    </li>
  );
  return (
    <div className="bracket-scroll">
      <ol className="bracket" aria-label="Top cut bracket">
        {rounds.map((round) => (
          <li key={round.round} className="bracket-round">
            <h3>{roundLabel(round.round)}</h3>
            <ol>
              {[...round.pairings]
                .sort((x, y) => slotOf(x) - slotOf(y))
                .map((p) => {
                  const label = isBye(p) ? `${roundLabel(round.round)}: ${nameOf(names, p.bye)}, bye` : `${roundLabel(round.round)}, table ${p.table}`;
                  return (
                    <li key={matchAnchor(round.round, p)} className="bracket-match" aria-label={label}>
                      <Link href={matchHref(round.round, p)} className="bracket-link">
                        {isBye(p) ? 'bye' : `table ${p.table}`}
                      </Link>
                      <ol>
                        {isBye(p) ? (
                          <Line id={p.bye} score="" won />
                        ) : (
                          [...p.players].sort(bySeed).map((id) => {
                            const other = p.players[0] === id ? p.players[1] : p.players[0];
                            return <Line key={id} id={id} score={String(p.result.wins[id] ?? 0)} won={(p.result.wins[id] ?? 0) > (p.result.wins[other] ?? 0)} />;
                          })
                        )}
                      </ol>
                    </li>
                  );
                })}
            </ol>
          </li>
        ))}
        {champion ? (
          <li className="bracket-round champion">
            <h3>Champion</h3>
            <p>
              <strong>
                <PlayerLink id={champion} names={names} />
              </strong>
            </p>
          </li>
        ) : null}
      </ol>
    </div>
  );
}
