import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { ApiError, query, tournaments } from '../api/client';
import type { RegisteredDeck, Standing, Tournament, TournamentConversion, TournamentRound, TournamentStandings } from '../api/types';
import { Link, hrefWith, setParams, useLocation } from '../router';
import { catalogHref, useCardNames, useCatalog } from '../ui/card-name';
import { ErrorBox, Loading, useTitle } from '../ui/errors';
import { pct } from '../ui/rate';
import { useScrollToHash } from '../ui/scroll';
import { DeckList } from './deck-list';
import { Bracket, MatchGames, Names, PlayerLink, RoundNav, RoundSection, isBye, matchHref, scoreText } from './rounds';
import { datesText, formatText, roundsText } from './tournaments-page';
import { roundName, systemName } from '../ui/words';

/** A tie-breaker fraction as the standings show it: a percentage with two decimals. */
export const tiebreak = (v: number) => `${(v * 100).toFixed(2)}%`;

/** The match from one player's side, in a word. */
function outcomeWord(m: { players: readonly string[]; result: { wins: Readonly<Record<string, number>> } }, id: string): string {
  const other = m.players.find((p) => p !== id)!;
  const [mine, theirs] = [m.result.wins[id] ?? 0, m.result.wins[other] ?? 0];
  return mine > theirs ? 'won' : mine < theirs ? 'lost' : 'drawn';
}

export const recordText = (r: Standing['record']) => `${r.wins}–${r.losses}–${r.draws}`;

/** Where the standings and conversion are defined: docs/tournaments.md, bundled as /tournaments/definitions. */
const TOURNAMENTS_DEFINED = '/tournaments/definitions';

function Defined({ label, anchor = 'standings' }: { label: string; anchor?: string }) {
  return (
    <Link href={`${TOURNAMENTS_DEFINED}#${anchor}`} className="defined" aria-label={`Definition of ${label}`} title={`What “${label}” means`}>
      ?
    </Link>
  );
}

const roundParam = (raw: string | null, max: number) => (raw && /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= max ? Number(raw) : max);

/**
 * `/tournaments/:id?standings=N&round=N&player=P`: standings after a round, the rounds with their
 * pairings and games, a player's matches and list, and the registered lists. Each link goes one
 * level down: standings → player → match → game (replay at step 0) → turn.
 */
export function TournamentPage({ tournamentId }: { tournamentId: string }) {
  const { params } = useLocation();
  const tournament = useQuery({ queryKey: ['tournament', tournamentId], queryFn: ({ signal }) => tournaments.get(tournamentId, signal) });
  const t = tournament.data;
  useTitle(t ? t.name : 'Tournament');
  const recorded = t?.roundsRecorded ?? 0;
  // Standings are the Swiss rounds'; the rounds after them are the top cut's bracket.
  const swissRecorded = Math.min(recorded, t?.swissRounds ?? recorded);
  const after = roundParam(params.get('standings'), swissRecorded);
  const shownRound = roundParam(params.get('round'), recorded);
  const player = params.get('player');

  const standings = useQuery({
    queryKey: ['tournament', tournamentId, 'standings', after],
    queryFn: ({ signal }) => tournaments.standings(tournamentId, after, signal),
    enabled: swissRecorded > 0,
    placeholderData: keepPreviousData,
  });
  // The final standings name every registered player; the rounds name them by id.
  const final = useQuery({
    queryKey: ['tournament', tournamentId, 'standings', swissRecorded],
    queryFn: ({ signal }) => tournaments.standings(tournamentId, swissRecorded, signal),
    enabled: swissRecorded > 0,
  });
  const rounds = useQueries({
    queries: Array.from({ length: recorded }, (_, i) => i + 1).map((n) => ({
      queryKey: ['tournament', tournamentId, 'round', n],
      queryFn: ({ signal }: { signal: AbortSignal }) => tournaments.round(tournamentId, n, signal),
    })),
  });
  const decks = useQuery({ queryKey: ['tournament', tournamentId, 'decks'], queryFn: ({ signal }) => tournaments.decks(tournamentId, signal), enabled: !!t });
  const conversion = useQuery({ queryKey: ['tournament', tournamentId, 'conversion'], queryFn: ({ signal }) => tournaments.conversion(tournamentId, signal), enabled: recorded > 0 });
  const cardNames = useCardNames(t?.catalog);
  const names: Names = new Map((final.data?.standings ?? []).map((s) => [s.playerId, s.name]));
  // Scroll to the URL's anchor once every section it may name has been drawn.
  // (the card names too: a list drawn with ids first would change height under the anchor).
  const catalog = useCatalog(t?.catalog);
  useScrollToHash(!!t && !!final.data && rounds.every((r) => r.data) && !conversion.isPending && !decks.isPending && (!t.catalog || !catalog.isPending));

  if (tournament.isError) return <ErrorBox error={tournament.error} title={`The tournament ${tournamentId} could not be read`} />;
  if (!t) return <Loading what="the tournament" />;
  const allRounds = rounds.map((r) => r.data).filter((r): r is TournamentRound => !!r);
  const roundLabel = (n: number) => roundName(n, t.swissRounds, t.topCut);
  const cut = allRounds.filter((r) => r.round > t.swissRounds);
  const decksHidden = decks.error instanceof ApiError && decks.error.code === 'DECKS_NOT_PUBLIC' ? decks.error.message : null;

  return (
    <section className="tournament">
      <Header t={t} />
      <nav className="sub-nav" aria-label="Tournament sections">
        {cut.length ? <a href="#top-cut">Top cut</a> : null}
        <a href="#standings">Standings</a>
        <a href="#rounds">Rounds</a>
        <a href="#archetypes">Archetypes</a>
        <a href="#decks">Deck lists</a>
        <Link href={`/meta${query({ system: t.system, tournament: t.id })}`}>Meta of this tournament</Link>
        <Link href={`/games${query({ tournament: t.id })}`}>All its games</Link>
      </nav>

      {player ? (
        <PlayerPanel
          id={player}
          standing={final.data?.standings.find((s) => s.playerId === player)}
          rounds={allRounds}
          names={names}
          system={t.system}
          deck={decks.data?.decks.find((d) => d.playerId === player)}
          decksHidden={decksHidden}
          catalog={t.catalog}
          cardNames={cardNames}
          after={swissRecorded}
          roundLabel={roundLabel}
        />
      ) : null}

      {cut.length && t.topCut ? (
        <section className="panel" id="top-cut" aria-labelledby="top-cut-title">
          <h2 id="top-cut-title">Top {t.topCut}</h2>
          {/* Seeds come with the cut's rounds, the players' names with the final standings: drawn once both are read. */}
          {final.data ? (
            <Bracket rounds={cut} names={names} roundLabel={roundLabel} champion={t.champion?.playerId ?? null} />
          ) : final.isError ? (
            <ErrorBox error={final.error} />
          ) : (
            <Loading what="the bracket" />
          )}
        </section>
      ) : null}

      <section className="panel" id="standings" aria-labelledby="standings-title">
        <h2 id="standings-title">
          Standings after round {after} <Defined label="standings" />
        </h2>
        {recorded === 0 ? <p>No round is recorded yet.</p> : null}
        {swissRecorded > 1 ? (
          <div className="inline-field">
            <label htmlFor="standings-after">After round</label>
            <select id="standings-after" value={after} onChange={(e) => setParams({ standings: Number(e.target.value) === swissRecorded ? null : e.target.value })}>
              {Array.from({ length: swissRecorded }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {standings.isError ? <ErrorBox error={standings.error} /> : null}
        {standings.data ? (
          <StandingsTable standings={standings.data} seeds={standings.data.afterRound === t.swissRounds ? (cut[0]?.seeds ?? undefined) : undefined} />
        ) : recorded > 0 && !standings.isError ? (
          <Loading what="standings" />
        ) : null}
      </section>

      <section className="panel" id="rounds" aria-labelledby="rounds-title">
        <h2 id="rounds-title">{roundLabel(shownRound)} pairings</h2>
        {recorded > 1 ? <RoundNav rounds={recorded} current={shownRound} label={roundLabel} /> : null}
        {recorded > 0 ? (
          <RoundSection round={rounds[shownRound - 1]!} names={names} system={t.system} label={roundLabel(shownRound)} elimination={shownRound > t.swissRounds} />
        ) : (
          <p>No round is recorded yet.</p>
        )}
      </section>

      {conversion.data && conversion.data.archetypes.length ? <Conversion conversion={conversion.data} cut={t.topCut} played={cut.length ? roundLabel(cut[0]!.round) : null} /> : null}

      <section className="panel" id="decks" aria-labelledby="decks-title">
        <h2 id="decks-title">Deck lists</h2>
        {decksHidden ? (
          <p role="note">The registered lists are not public yet: {decksHidden}.</p>
        ) : decks.isError ? (
          <ErrorBox error={decks.error} />
        ) : decks.data ? (
          <DeckLists decks={decks.data.decks} catalog={t.catalog} cardNames={cardNames} standings={final.data?.standings ?? []} />
        ) : (
          <Loading what="deck lists" />
        )}
      </section>
    </section>
  );
}

function Header({ t }: { t: Tournament }) {
  return (
    <header>
      <h1>{t.name}</h1>
      <dl className="facts" aria-label="Tournament facts">
        <div>
          <dt>System</dt>
          <dd>
            {systemName(t.system)} <span className="muted">rules {t.rulesVersion}</span>
          </dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>{datesText(t)}</dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>{formatText(t)}</dd>
        </div>
        <div>
          <dt>Players</dt>
          <dd>{t.players}</dd>
        </div>
        <div>
          <dt>Rounds recorded</dt>
          <dd>
            {roundsText(t)}
          </dd>
        </div>
        {t.champion ? (
          <div>
            <dt>Champion</dt>
            <dd>
              <PlayerLink id={t.champion.playerId} names={new Map([[t.champion.playerId, t.champion.name]])} />
            </dd>
          </div>
        ) : null}
        {t.catalog ? (
          <div>
            <dt>Catalog</dt>
            <dd>
              <Link href={catalogHref(t.catalog)}>{t.catalog}</Link>
            </dd>
          </div>
        ) : null}
      </dl>
    </header>
  );
}

/** A tiebreaker as `tiebreak` writes it; on a phone without its "%" (the column's name has it), so the standings fit the screen. */
function Percent({ value }: { value: number }) {
  const text = tiebreak(value);
  return (
    <>
      {text.slice(0, -1)}
      <span className="wide-only">%</span>
    </>
  );
}

/** The standings; after the last Swiss round, with the top cut recorded, each cut player's seed (`seeds`, from its first round). */
export function StandingsTable({ standings, seeds }: { standings: TournamentStandings; seeds?: Readonly<Record<string, number>> | undefined }) {
  const names: Names = new Map(standings.standings.map((s) => [s.playerId, s.name]));
  return (
    <div className="table-scroll">
      <table className="standings" aria-label={`Standings after round ${standings.afterRound}`}>
        <thead>
          <tr>
            <th scope="col" className="num">
              <span className="wide-only">Rank</span>
              <abbr className="narrow-only" title="rank">
                #
              </abbr>
            </th>
            <th scope="col">Player</th>
            <th scope="col" className="num">
              <span className="wide-only">Points</span>
              <abbr className="narrow-only" title="match points">
                Pts
              </abbr>
            </th>
            <th scope="col">
              <abbr title="match wins–losses–draws">Record</abbr>
            </th>
            <th scope="col" className="num">
              <abbr title="opponents' match-win percentage">OMW%</abbr>
            </th>
            <th scope="col" className="num">
              <abbr title="game-win percentage">GW%</abbr>
            </th>
            <th scope="col" className="num">
              <abbr title="opponents' game-win percentage">OGW%</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.standings.map((s) => (
            <tr key={s.playerId} data-player={s.playerId} className={s.droppedAfter !== null ? 'dropped' : undefined}>
              <td className="num" data-field="rank">
                {s.rank}
              </td>
              <th scope="row">
                <PlayerLink id={s.playerId} names={names} />
                {s.droppedAfter !== null ? <span className="flag"> · dropped after round {s.droppedAfter}</span> : null}
                {seeds?.[s.playerId] !== undefined ? (
                  <>
                    {/* The space outside the unbreakable mark, so a narrow column may break before it. */}{' '}
                    <span className="flag cut" data-field="seed">
                      · <span className="wide-only">top cut, </span>seed {seeds[s.playerId]}
                    </span>
                  </>
                ) : null}
              </th>
              <td className="num" data-field="points">
                {s.points}
              </td>
              <td data-field="record">
                {recordText(s.record)}
                {s.record.byes ? <span className="muted"> ({s.record.byes === 1 ? 'a bye' : `${s.record.byes} byes`})</span> : null}
              </td>
              <td className="num" data-field="omw">
                <Percent value={s.omw} />
              </td>
              <td className="num" data-field="gw">
                <Percent value={s.gw} />
              </td>
              <td className="num" data-field="ogw">
                <Percent value={s.ogw} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A player's standing, every match they played (linking to it and its games) and their list. */
function PlayerPanel(props: {
  id: string;
  standing: Standing | undefined;
  rounds: TournamentRound[];
  names: Names;
  system: string;
  deck: RegisteredDeck | undefined;
  decksHidden: string | null;
  catalog: string | null;
  cardNames: ReadonlyMap<string, string>;
  after: number;
  roundLabel: (round: number) => string;
}) {
  const { id, standing, rounds, names, deck, roundLabel } = props;
  const matches = rounds.flatMap((r) => r.pairings.filter((p) => (isBye(p) ? p.bye === id : p.players.includes(id))).map((p) => ({ round: r.round, p })));
  return (
    <section className="panel player-panel" id="player" aria-label={`Player ${names.get(id) ?? id}`}>
      <h2 id="player-title">
        {names.get(id) ?? id} <span className="muted small-text">{id}</span>
      </h2>
      <p>
        {standing ? (
          <>
            Rank {standing.rank} after round {props.after}: {standing.points} points, {recordText(standing.record)}
            {standing.droppedAfter !== null ? `, dropped after round ${standing.droppedAfter}` : ''}.
          </>
        ) : (
          'Not in the standings.'
        )}{' '}
        {deck?.deck.archetype || deck?.deck.name ? (
          <>
            Deck: <strong>{deck.deck.name ?? deck.deck.archetype}</strong>
            {deck.deck.archetype && deck.deck.name ? <span className="muted"> ({deck.deck.archetype})</span> : null}.
          </>
        ) : null}{' '}
        <Link href={hrefWith({ player: null }, 'standings')}>Close</Link>
      </p>
      <div className="table-scroll">
        <table className="stacked" aria-label={`Matches of ${names.get(id) ?? id}`}>
          <thead>
            <tr>
              <th scope="col">Match</th>
              <th scope="col">Opponent</th>
              <th scope="col">Result</th>
              <th scope="col">Games</th>
            </tr>
          </thead>
          <tbody>
            {matches.map(({ round, p }) => (
              <tr key={round}>
                <td>
                  <Link href={matchHref(round, p)} aria-label={isBye(p) ? roundLabel(round) : `${roundLabel(round)}, table ${p.table}`}>
                    {roundLabel(round)}
                    {isBye(p) ? null : (
                      <>
                        <br />
                        table {p.table}
                      </>
                    )}
                  </Link>
                </td>
                {isBye(p) ? (
                  <>
                    <td className="muted">—</td>
                    <td>bye</td>
                    <td className="muted">no games</td>
                  </>
                ) : (
                  <>
                    <td>
                      <PlayerLink id={p.players[0] === id ? p.players[1] : p.players[0]} names={names} />
                    </td>
                    <td>
                      {scoreText(p, id)} {outcomeWord(p, id)} {p.resultOnly ? <span className="tag">result only</span> : null}
                    </td>
                    <td>{p.resultOnly ? <span className="muted">no logs: reported result</span> : <MatchGames match={p} names={names} system={props.system} />}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {deck ? <DeckList deck={deck} catalog={props.catalog} names={props.cardNames} /> : props.decksHidden ? <p className="muted">The lists are not public yet.</p> : null}
    </section>
  );
}

function DeckLists({ decks, catalog, cardNames, standings }: { decks: RegisteredDeck[]; catalog: string | null; cardNames: ReadonlyMap<string, string>; standings: Standing[] }) {
  const rank = new Map(standings.map((s) => [s.playerId, s.rank]));
  const ordered = [...decks].sort((a, b) => (rank.get(a.playerId) ?? Infinity) - (rank.get(b.playerId) ?? Infinity) || a.playerId.localeCompare(b.playerId));
  return (
    <ul className="deck-lists">
      {ordered.map((d) => (
        <li key={d.playerId}>
          <details>
            <summary>
              {rank.has(d.playerId) ? <span className="muted">#{rank.get(d.playerId)} </span> : null}
              <strong>{d.name}</strong> · {d.deck.name ?? 'unnamed deck'}
              {d.deck.archetype ? <span className="muted"> ({d.deck.archetype})</span> : null}
            </summary>
            <DeckList deck={d} catalog={catalog} names={cardNames} />
          </details>
        </li>
      ))}
    </ul>
  );
}

/** Per archetype: its share of the field against its share of the top cut (or the top 8 by standings). */
/** `played`: the name of the top cut's first round, once it is recorded (its players are the cut). */
function Conversion({ conversion: c, cut, played }: { conversion: TournamentConversion; cut: number | null; played: string | null }) {
  const who = played ? `The top cut is the ${c.topCut} players of the ${played}` : `${cut ? `The top cut is the top ${cut}` : 'Without a top cut, the top 8'} by final standings`;
  return (
    <section className="panel" id="archetypes" aria-labelledby="archetypes-title">
      <h2 id="archetypes-title">
        Archetypes <Defined label="conversion" anchor="reading" />
      </h2>
      <p className="muted">
        {who} ({c.topCut} of {c.players} players). Conversion is the share of the top cut over the share of the
        field: above 1, the archetype did better than its numbers alone. The counts are beside each share: a handful of players is no evidence.
      </p>
      {/* A listing: on a phone each archetype is a paragraph of labelled figures, not a table to scroll. */}
      <table className="listing" aria-label="Archetype conversion">
        <thead>
          <tr>
            <th scope="col">Archetype</th>
            <th scope="col" className="num">
              Players
            </th>
            <th scope="col" className="num">
              Top cut
            </th>
            <th scope="col" className="num">
              Field share
            </th>
            <th scope="col" className="num">
              Top-cut share
            </th>
            <th scope="col" className="num">
              Conversion
            </th>
          </tr>
        </thead>
        <tbody>
          {c.archetypes.map((a) => (
            <tr key={a.archetype} data-archetype={a.archetype}>
              <th scope="row">{a.archetype}</th>
              <td className="num" data-field="players" data-label="Players">
                {a.players}
              </td>
              <td className="num" data-field="topCut" data-label="Top cut">
                {a.topCut}
              </td>
              <td className="num" data-field="share" data-label="Field share">
                {pct(a.share)}
              </td>
              <td className="num" data-field="topCutShare" data-label="Top-cut share">
                {pct(a.topCutShare)}
              </td>
              <td className="num" data-field="conversion" data-label="Conversion">
                {a.conversion === null ? '—' : `${a.conversion.toFixed(2)}×`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
