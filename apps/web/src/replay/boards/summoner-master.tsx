import type { SmView } from '@cardlog/rules';
import type { BoardProps } from '.';
import { SUBTURN_STEPS, endingWords, humanize } from '../../ui/words';
import { Card, FaceDown, Pile, Side, Stat, StepTrack, Zone, resultLine } from './parts';

type Seat = keyof SmView['players'];
type Player = SmView['players'][Seat];
type CardView = Player['arena'][number];

/**
 * Summoner Master: each side's Arena as its At Line and Df Line of Seals (At/Df/Sp, Level, Active
 * or Inactive) with the Mystics beside them, the Reflection Zone, Mp, the two piles, hand, Shrine
 * (whose Seal Levels are the life count: a player loses when it reaches the match's limit) and
 * Remove Zone; between the sides the Subturn, who attacks and the step.
 */
export function SummonerMasterBoard({ view }: BoardProps<SmView>) {
  const seats = Object.keys(view.players) as Seat[];
  const bottom = seats.includes(view.viewer as Seat) ? (view.viewer as Seat) : seats[0]!;
  const top = seats.find((s) => s !== bottom);
  const name = (seat: string | null | undefined) => (seat ? (view.players[seat as Seat]?.name ?? seat) : '');
  return (
    <div className="table-board summoner-master-board">
      {top ? <SmSide seat={top} view={view} far /> : null}
      <Centre view={view} name={name} />
      <SmSide seat={bottom} view={view} />
    </div>
  );
}

function Centre({ view, name }: { view: SmView; name: (seat: string | null | undefined) => string }) {
  const s = view.subturn;
  const seats = Object.keys(view.players) as Seat[];
  const defender = s ? seats.find((x) => x !== s.owner) : undefined;
  const card = (id: string) => Object.values(view.players).flatMap((p) => p.arena).find((c) => c.id === id)?.name ?? id;
  const result = resultLine(view.result, name, 'summoner-master');
  return (
    <section className="board-centre" aria-label="Subturn">
      <p className="turn-line">
        Game <strong>{view.gameNumber}</strong> ·{' '}
        {s ? (
          <>
            Subturn <strong>{s.number}</strong> · <strong>{name(s.owner)}</strong> attacking, {name(defender)} defending
            {s.step === 'Unspecified' ? null : <> · {SUBTURN_STEPS.find(([k]) => k === s.step)?.[1] ?? humanize(s.step)} step</>}
          </>
        ) : (
          <>Setup ({view.stage})</>
        )}
        {result ? <strong className="result"> · {result}</strong> : null}
      </p>
      {s ? <StepTrack label="Subturn steps" steps={SUBTURN_STEPS} current={s.step} /> : null}
      {s?.drawSkipped ? <p className="muted small-text">The Draw step is skipped in this player's first Subturn.</p> : null}
      {view.currentAttack ? <p className="battle" aria-label="Attack">⚔ {card(view.currentAttack)} attacks</p> : null}
      {view.pendingContinuation ? <p className="battle">{card(view.pendingContinuation)} may attack again (multi-attack)</p> : null}
      {view.pendingGameEnd ? (
        <p className="battle">
          {name(view.pendingGameEnd.loser)} loses this game ({endingWords(view.pendingGameEnd.reason, 'summoner-master')})
        </p>
      ) : null}
    </section>
  );
}

function SmSide({ seat, view, far = false }: { seat: Seat; view: SmView; far?: boolean }) {
  const p = view.players[seat];
  const seals = p.arena.filter((c) => c.kind === 'Seal');
  const mystics = p.arena.filter((c) => c.kind !== 'Seal');
  const noLine = seals.filter((c) => c.line !== 'At' && c.line !== 'Df');
  const owner = view.subturn?.owner;
  const result = view.result;
  const arenaLines = [
    <Zone key="at" seat={seat} label="At Line" cards={seals.filter((c) => c.line === 'At')} className="line">
      {(c) => <SmCard card={c} view={view} />}
    </Zone>,
    <Zone key="df" seat={seat} label="Df Line" cards={seals.filter((c) => c.line === 'Df')} className="line">
      {(c) => <SmCard card={c} view={view} />}
    </Zone>,
    <div key="beside" className="beside">
      {noLine.length ? (
        <Zone seat={seat} label="In no Line" cards={noLine} className="line">
          {(c) => <SmCard card={c} />}
        </Zone>
      ) : null}
      <Zone seat={seat} label="Mystics" cards={mystics} className="line">
        {(c) => <SmCard card={c} />}
      </Zone>
      <Zone seat={seat} label="Reflection Zone" cards={p.reflectionZone} className="line reflection">
        {(c) => <SmCard card={c} />}
      </Zone>
    </div>,
  ];
  return (
    <Side
      seat={seat}
      name={p.name}
      badges={[owner === seat && 'attacking', owner && owner !== seat && 'defending', result && (result.winner === seat ? 'winner' : result.winner ? 'lost' : 'draw')]}
      className={owner === seat ? 'active' : ''}
      stats={
        <>
          <Stat term="Shrine Level" value={p.shrineLevel} note="the Levels of the Seals in the Shrine; reaching the match's limit (15 by default) loses the game" />
          <Stat term="Mp" value={p.mp} note={p.mpCastingOnly ? 'for casting only this Subturn' : undefined} />
          <Stat term="Hand" value={p.handSize} />
          <Stat term="Seal pile" value={p.sealDeckSize} />
          <Stat term="Mystic pile" value={p.mysticDeckSize} />
          <Stat term="Shrine" value={p.shrine.length} />
        </>
      }
    >
      {p.mpCastingOnly ? <p className="side-sub">Mp for casting only this Subturn</p> : null}
      <div className="lines">
        {/* The At Line faces the opponent: nearest the centre on both sides of the table. */}
        {far ? [...arenaLines].reverse() : arenaLines}
      </div>
      <div className="hand-row">
        {p.hand ? (
          <Zone seat={seat} label="Hand" cards={p.hand}>
            {(c) => <SmCard card={c} />}
          </Zone>
        ) : (
          <FaceDown seat={seat} label="Hand" count={p.handSize} />
        )}
        <div className="piles">
          <Pile seat={seat} label="Shrine" cards={p.shrine} />
          <Pile seat={seat} label="Remove Zone" cards={p.removeZone} />
          {p.sealDeck ? <Pile seat={seat} label="Seal pile" cards={p.sealDeck} /> : null}
          {p.mysticDeck ? <Pile seat={seat} label="Mystic pile" cards={p.mysticDeck} /> : null}
        </div>
      </div>
    </Side>
  );
}

function SmCard({ card: c, view }: { card: CardView; view?: SmView }) {
  const seal = c.kind === 'Seal' && c.at !== undefined;
  const inArena = c.active !== undefined;
  return (
    <Card
      id={c.id}
      name={c.name}
      turned={inArena && !c.active}
      role={view?.currentAttack === c.id ? 'attacking' : view?.pendingContinuation === c.id ? 'may attack again' : undefined}
      lines={[
        seal ? `At ${c.at} · Df ${c.df} · Sp ${c.sp}` : c.kind,
        seal ? `Level ${c.level}` : null,
        c.reflected ? '◇ reflected' : null,
        inArena ? <span className={c.active ? undefined : 'card-status'}>{c.active ? 'Active' : 'Inactive'}</span> : null,
      ]}
    />
  );
}
