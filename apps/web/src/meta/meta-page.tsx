import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { query, stats } from '../api/client';
import type { SystemDecks, SystemMatchups, SystemOverview, WinRate } from '../api/types';
import { Link } from '../router';
import { ErrorBox, Loading, useTitle } from '../ui/errors';
import { Defined, Rate, ShareText, coinFlip, pct } from '../ui/rate';
import { LengthChart, ShareChart, WinRateChart } from './charts';
import { StatsFilters, useStatsFilter, useSystemsQuery } from './filters';
import { counted, systemName, turnInProse } from '../ui/words';

/**
 * The filter the page asks the API with: the URL's, on the URL's system or the first with games.
 * `systemsQuery` is the answer that list comes from, for what a page shows until it has a system.
 */
export function useEffectiveFilter() {
  const filter = useStatsFilter();
  const systemsQuery = useSystemsQuery();
  const systems = systemsQuery.data ?? [];
  const system = filter.system ?? systems[0];
  return { filter: { ...filter, system }, systems, ready: system !== undefined, systemsQuery };
}

/**
 * A stats page with no system yet, neither in its URL nor among the systems with games: while the
 * list is on its way it says so (saying there are no games then was wrong on every slow answer), an
 * error is shown as one, and only a list that came back empty means nothing is finished yet.
 */
export function NoSystemYet({ systemsQuery }: { systemsQuery: { isPending: boolean; error: unknown } }) {
  if (systemsQuery.error) return <ErrorBox error={systemsQuery.error} />;
  if (systemsQuery.isPending) return <Loading what="the systems with finished games" />;
  return <p>No finished game yet: upload some games first.</p>;
}

/** `/meta`: one system's meta at a glance; every figure is the stats API's for the URL's filters. */
export function MetaPage() {
  useTitle('Meta');
  const { filter, systems, ready, systemsQuery } = useEffectiveFilter();
  const opts = { enabled: ready, placeholderData: keepPreviousData };
  const overview = useQuery({ queryKey: ['stats', 'overview', filter], queryFn: ({ signal }) => stats.overview(filter, signal), ...opts });
  const decks = useQuery({ queryKey: ['stats', 'decks', filter], queryFn: ({ signal }) => stats.decks(filter, signal), ...opts });
  const matchups = useQuery({ queryKey: ['stats', 'matchups', filter], queryFn: ({ signal }) => stats.matchups(filter, signal), ...opts });
  const error = overview.error ?? decks.error ?? matchups.error;
  const one = <T extends { system: string }>(r: { systems: T[] } | undefined) => r?.systems.find((s) => s.system === filter.system);
  const o = one(overview.data);
  const d = one(decks.data);
  const m = one(matchups.data);
  const floor = decks.data?.floor;
  return (
    <section className="meta">
      <h1>Meta{filter.system ? <span className="muted"> · {systemName(filter.system)}</span> : null}</h1>
      <nav className="sub-nav" aria-label="Meta pages">
        <Link href={`/meta${query(filter)}`} aria-current="page">
          Archetypes and matchups
        </Link>
        <Link href={`/meta/cards${query(filter)}`}>Cards</Link>
        <Link href="/meta/definitions">Definitions</Link>
      </nav>
      <StatsFilters filter={filter} systems={systems} />
      {error ? <ErrorBox error={error} /> : null}
      {!ready ? <NoSystemYet systemsQuery={systemsQuery} /> : null}
      {ready && (!o || !d || !m) && !error ? <Loading what="statistics" /> : null}
      {floor !== undefined ? (
        <p className="muted">
          Rates over fewer than {floor} games are marked “not enough games” and ranked last <Defined term="floor" label="the floor" />.
        </p>
      ) : null}
      {o ? <Overview overview={o} /> : null}
      {d ? <Decks decks={d} /> : null}
      {m ? <Matchups matchups={m} /> : null}
    </section>
  );
}

function Overview({ overview: o }: { overview: SystemOverview }) {
  return (
    <section className="panel" aria-labelledby="overview-title">
      <h2 id="overview-title">
        Overview <Defined term="overview" label="overview" />
      </h2>
      <dl className="facts" aria-label="Overview figures">
        <div>
          <dt>Finished games</dt>
          <dd>{o.games}</dd>
        </div>
        <div>
          <dt>First player’s win rate</dt>
          <dd>
            <Rate rate={o.firstPlayer} />
            {!o.firstPlayer.tooSmallToRank && !coinFlip(o.firstPlayer) ? <span className="flag"> · a real first-player advantage</span> : null}
          </dd>
        </div>
        <div>
          <dt>Decisive games</dt>
          <dd>
            <ShareText share={o.decisive} />
          </dd>
        </div>
        <div>
          <dt>Draws</dt>
          <dd>
            <ShareText share={o.draws} />
          </dd>
        </div>
        <div>
          <dt>Median length</dt>
          <dd>
            {o.turns.median ?? '—'} {turnInProse(o.system)}s, {o.events.median ?? '—'} events
          </dd>
        </div>
      </dl>
      {o.turns.count ? <LengthChart overview={o} /> : null}
    </section>
  );
}

function Decks({ decks }: { decks: SystemDecks }) {
  const label = (a: string | null) => a ?? 'unknown archetype';
  return (
    <section className="panel" aria-labelledby="decks-title">
      <h2 id="decks-title">
        Archetypes <Defined term="decks" label="archetype statistics" />
      </h2>
      <div className="two-charts">
        <WinRateChart title="Win rate (mirrors excluded) with 95% interval" rows={decks.decks.map((r) => ({ label: label(r.archetype), rate: r.winRate }))} />
        <ShareChart title="Meta share" rows={decks.decks.map((r) => ({ label: label(r.archetype), value: r.metaShare.value }))} />
      </div>
      <div className="table-scroll">
        <table className="listing" aria-label="Archetypes">
          <thead>
            <tr>
              <th scope="col">Archetype</th>
              <th scope="col" className="num">
                Games
              </th>
              <th scope="col" className="num">
                Mirrors
              </th>
              <th scope="col">
                Win rate [95%] <Defined term="winRate" label="win rate" />
              </th>
              <th scope="col">Meta share</th>
            </tr>
          </thead>
          <tbody>
            {decks.decks.map((r) => (
              <tr key={label(r.archetype)} data-archetype={label(r.archetype)}>
                <th scope="row">{label(r.archetype)}</th>
                <td className="num" data-field="games" data-label="Games">
                  {r.games}
                </td>
                <td className="num" data-field="mirrors" data-label="Mirrors">
                  {r.mirrors}
                </td>
                <td data-field="winRate" data-label="Win rate">
                  <Rate rate={r.winRate} compact />
                </td>
                <td data-field="metaShare" data-label="Meta share">
                  <ShareText share={r.metaShare} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A heat colour for a win rate: blue below 50%, red above; pale for small samples. */
function heat(rate: WinRate): string {
  if (rate.value === null) return 'transparent';
  const strength = Math.min(1, Math.abs(rate.value - 0.5) * 2.5) * (rate.tooSmallToRank ? 0.35 : 1);
  // At most half strength, so the cell's dark text keeps a 4.5:1 contrast (WCAG AA) on the strongest colour.
  return rate.value >= 0.5 ? `rgba(178, 34, 52, ${0.1 + 0.4 * strength})` : `rgba(31, 95, 191, ${0.1 + 0.4 * strength})`;
}

function Matchups({ matchups }: { matchups: SystemMatchups }) {
  const names = matchups.archetypes.map((a) => a.archetype);
  return (
    <section className="panel" aria-labelledby="matchups-title">
      <h2 id="matchups-title">
        Matchups <Defined term="matchups" label="matchups" />
      </h2>
      <p className="muted">Row archetype’s win rate against the column archetype; each cell shows the rate, its 95% interval and the games, and on the play / on the draw on hover.</p>
      <div className="table-scroll">
        <table className="heatmap" aria-label="Matchup matrix">
          <thead>
            <tr>
              <th scope="col">Archetype ↓ vs →</th>
              {names.map((n) => (
                <th scope="col" key={n}>
                  {n}
                </th>
              ))}
              <th scope="col">
                Expected vs field <Defined term="expected" label="expected win rate against the field" />
              </th>
            </tr>
          </thead>
          <tbody>
            {matchups.archetypes.map((a) => (
              <tr key={a.archetype} data-archetype={a.archetype}>
                <th scope="row">{a.archetype}</th>
                {names.map((n) => {
                  const cell = a.matchups.find((x) => x.opponent === n);
                  if (n === a.archetype) return <td key={n} className="mirror">mirror</td>;
                  if (!cell || cell.winRate.games === 0) return <td key={n} className="muted">no games</td>;
                  const hover = `on the play ${pct(cell.onPlay.value)} (${cell.onPlay.games}) · on the draw ${pct(cell.onDraw.value)} (${cell.onDraw.games})`;
                  return (
                    <td key={n} style={{ background: heat(cell.winRate) }} title={hover} data-opponent={n}>
                      <Rate rate={cell.winRate} />
                      <div className="play-draw">{hover}</div>
                    </td>
                  );
                })}
                <td data-field="expected">
                  {a.expectedWinRate ? (
                    <span className={a.expectedWinRate.tooSmallToRank ? 'rate small' : 'rate'}>
                      <strong>{pct(a.expectedWinRate.value)}</strong>
                      <span className="interval">
                        {' '}
                        [{pct(a.expectedWinRate.low)}–{pct(a.expectedWinRate.high)}]
                      </span>
                      <span className="games">
                        {' '}
                        · {counted(a.expectedWinRate.games, 'game')}, {pct(a.expectedWinRate.coverage)} of the field known
                      </span>
                      {a.expectedWinRate.tooSmallToRank ? <span className="flag"> · not enough games</span> : null}
                    </span>
                  ) : (
                    <span className="muted">no matchup known</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
