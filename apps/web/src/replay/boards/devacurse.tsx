import type { DvView } from '@cardlog/rules';
import type { BoardProps } from '.';
import { dueWords, humanize } from '../../ui/words';
import { Card, FaceDown, Pile, Side, Stat, StepTrack, Zone, resultLine } from './parts';

type Deva = DvView['players'][string];
type CardView = Deva['heroLine'][number];
type Prayer = Deva['temple'][number];

/** The Turn Spiral's loops (digest §5), in order. */
const LOOPS = [
  ['prompt', 'Prompt mode'],
  ['draw', 'Draw'],
  ['construction', 'Construction'],
  ['assault', 'Assault'],
  ['refresh', 'Refresh'],
  ['endTurn', 'End Turn'],
] as const;

const LOOP_NAMES: Record<string, string> = {
  origin: 'Turn Origin',
  prompt: 'Prompt mode loop',
  draw: 'Draw loop',
  construction: 'Construction loop',
  assault: 'Assault loop',
  refresh: 'Refresh loop',
  endTurn: 'End Turn',
};

const KNOT_KINDS: Record<string, string> = { card: 'call', hero: 'hero call', upgrade: 'upgrade', skill: 'skill', ability: 'ability' };

/**
 * Devacurse, for 2 to 4 Devas: the viewer's Deva (p1 for spectators) at the bottom, the others
 * across the table in seat order, and between them the Turn Spiral, priority and the shared Knot
 * zone. Each Deva: Faith, blessing pool, Temple (prayers, face-down ones as backs to whoever may
 * not look), Hero and Soldier lines, hand, Universe, Cenotaph and Black Hole.
 */
export function DevacurseBoard({ view }: BoardProps<DvView>) {
  const seats = Object.keys(view.players);
  const start = Math.max(0, seats.indexOf(view.viewer));
  // Seat order continues round the table from the viewer.
  const round = seats.map((_, i) => seats[(start + i) % seats.length]!);
  const [bottom, ...others] = round;
  const names = cardNames(view);
  const name = (seat: string | null | undefined) => (seat ? (view.players[seat]?.name ?? seat) : '');
  return (
    <div className={`table-board devacurse-board devas-${seats.length}`}>
      <div className="far-side">
        {others.map((s) => (
          <DevaSide key={s} deva={view.players[s]!} view={view} far />
        ))}
      </div>
      <Centre view={view} name={name} card={(id) => names.get(id) ?? 'a card no longer on the board'} />
      {bottom ? <DevaSide deva={view.players[bottom]!} view={view} /> : null}
    </div>
  );
}

/** Every card name this view shows, by instance id (combat and the Knot zone name cards by id). */
function cardNames(view: DvView): Map<string, string> {
  const names = new Map<string, string>();
  const add = (c: CardView | Prayer) => {
    if ('hidden' in c) return;
    names.set(c.id, c.name);
    c.guardians?.forEach(add);
  };
  for (const p of Object.values(view.players)) {
    for (const zone of [p.hand, p.universe, p.temple, p.heroLine, p.soldierLine, p.cenotaph, p.blackHole]) zone?.forEach(add);
  }
  for (const k of view.knot) if (k.card) add(k.card);
  for (const b of view.falling) b.cards.forEach(add);
  return names;
}

function Centre({ view, name, card }: { view: DvView; name: (seat: string | null | undefined) => string; card: (id: string) => string }) {
  const c = view.cursor;
  const target = (t: string) => (view.players[t] ? name(t) : card(t));
  const result = resultLine(view.result, name, 'devacurse', 'Match over');
  return (
    <section className="board-centre" aria-label="Turn and Knot zone">
      <p className="turn-line">
        {view.status === 'origin' ? (
          <>Turn Origin: lots, Faith and opening hands</>
        ) : (
          <>
            Turn <strong>{view.turn}</strong> · order: <strong>{name(view.orderHolder)}</strong> · {LOOP_NAMES[c.loop] ?? humanize(c.loop)}
            {c.part ? (
              <>
                {' '}
                › {humanize(c.part)} part{c.owner ? ` of ${name(c.owner)}` : ''}
              </>
            ) : null}
            {c.phase ? <> › {humanize(c.phase)} phase</> : null}
            {c.step ? <> › {humanize(c.step)}</> : null}
          </>
        )}
        {result ? <strong className="result"> · {result}</strong> : null}
      </p>
      {view.status !== 'origin' ? <StepTrack label="Turn Spiral" steps={LOOPS} current={c.loop} /> : null}
      {view.priority ? (
        <p className="window">
          Priority: <strong>{name(view.priority.holder)}</strong> (window of {name(view.priority.owner)}, {view.priority.passes} passed in a row)
        </p>
      ) : null}
      {view.due ? (
        <p className="window">
          Waiting for {name(view.due.player)} to {dueWords(view.due.kind)}
        </p>
      ) : null}
      <div className="stack">
        <h3>Knot zone {view.knot.length ? <span className="muted">(top first)</span> : null}</h3>
        {view.knot.length === 0 ? (
          <p className="muted">empty</p>
        ) : (
          <ol aria-label="Knot zone">
            {[...view.knot].reverse().map((k) => (
              <li key={k.id} data-card-id={k.card?.id ?? k.source}>
                {k.card?.name ?? (k.source ? card(k.source) : humanize(k.kind))} <span className="muted">({KNOT_KINDS[k.kind] ?? k.kind}, {name(k.controller)})</span>
                {k.targets.length ? <> → {k.targets.map(target).join(', ')}</> : null}
              </li>
            ))}
          </ol>
        )}
      </div>
      {view.falling.length ? (
        <p className="battle">Falling to the Cenotaph: {view.falling.flatMap((b) => b.cards.map((x) => x.name)).join(', ')}</p>
      ) : null}
      {view.combat ? (
        <p className="battle" aria-label="Combat">
          ⚔ {humanize(view.combat.kind)} combat: {name(view.combat.attacker)} attacking
          {view.combat.defender ? ` ${name(view.combat.defender)}` : ''}
          {view.combat.attackers.length ? ` with ${view.combat.attackers.map(card).join(', ')}` : ''}
          {view.combat.target ? ` · target ${target(view.combat.target)}` : ''}
          {view.combat.blocks.length ? ` · ${view.combat.blocks.map((b) => `${card(b.blocker)} blocks ${card(b.attacker)}`).join(', ')}` : ''}
        </p>
      ) : null}
    </section>
  );
}

function DevaSide({ deva: p, view, far = false }: { deva: Deva; view: DvView; far?: boolean }) {
  const seat = p.seat;
  const pool = Object.entries(p.blessing).filter(([, n]) => n > 0);
  const blessing = pool.reduce((sum, [, n]) => sum + n, 0);
  const hidden = p.temple.filter((t) => 'hidden' in t).length;
  const won = view.result && 'winner' in view.result && view.result.winner === seat;
  // An eliminated Deva keeps only what it still has: its empty lines would only take room.
  const shows = (zone: readonly unknown[]) => !p.eliminated || zone.length > 0;
  const arena = [
    shows(p.temple) ? (
      <Zone key="temple" seat={seat} label="Temple" cards={p.temple} className="line">
        {(t) =>
          'hidden' in t ? (
            <div className={`card back${t.mode === 'rest' ? ' turned' : ''}`} aria-label="face-down card" data-card-id={t.id} title={t.mode === 'rest' ? 'face-down prayer, rest' : 'face-down prayer, prompt'} />
          ) : (
            <DvCard card={t} />
          )
        }
      </Zone>
    ) : null,
    shows(p.heroLine) ? (
      <Zone key="hero" seat={seat} label="Hero line" cards={p.heroLine} className="line">
        {(c) => <DvCard card={c} combat={view.combat} />}
      </Zone>
    ) : null,
    shows(p.soldierLine) ? (
      <Zone key="soldier" seat={seat} label="Soldier line" cards={p.soldierLine} className="line">
        {(c) => <DvCard card={c} combat={view.combat} />}
      </Zone>
    ) : null,
  ];
  const empty = p.temple.length + p.heroLine.length + p.soldierLine.length + p.handSize === 0;
  return (
    <Side
      seat={seat}
      name={p.name}
      badges={[
        p.eliminated && 'eliminated',
        won && 'winner',
        !p.eliminated && view.orderHolder === seat && 'holds the order',
        !p.eliminated && view.cursor.owner === seat && 'their part',
        !p.eliminated && view.priority?.holder === seat && 'priority',
      ]}
      className={`${p.eliminated ? 'eliminated' : ''}${view.cursor.owner === seat ? ' active' : ''}`}
      stats={
        <>
          <Stat term="Faith" value={p.faith} />
          <Stat term="Blessing" value={blessing} />
          <Stat term="Prayers" value={p.temple.length} />
          <Stat term="Hand" value={p.handSize} />
          <Stat term="Universe" value={p.universeSize} />
          <Stat term="Cenotaph" value={p.cenotaph.length} />
          <Stat term="Black Hole" value={p.blackHole.length} />
        </>
      }
    >
      <p className="side-sub" aria-label={`${seat} blessing pool`}>
        <span className="muted">Blessing pool</span> {pool.length ? pool.map(([k, n]) => `${n} ${k === 'colorless' ? 'colourless' : k}`).join(', ') : 'empty'}
      </p>
      {p.eliminated ? <p className="side-sub">Out of the match{empty ? ': no cards left in play.' : '.'}</p> : null}
      <div className="lines">
        {/* The Temple is the back of the Arena; the Battlefield faces the other Devas, nearest the centre. */}
        {far ? arena : [...arena].reverse()}
      </div>
      {hidden ? <p className="muted small-text">{hidden} face-down {hidden === 1 ? 'prayer' : 'prayers'}: only their Deva may look.</p> : null}
      <div className="hand-row">
        {p.hand && shows(p.hand) ? (
          <Zone seat={seat} label="Hand" cards={p.hand}>
            {(c) => <DvCard card={c} />}
          </Zone>
        ) : !p.hand && (!p.eliminated || p.handSize) ? (
          <FaceDown seat={seat} label="Hand" count={p.handSize} />
        ) : null}
        <div className="piles">
          <Pile seat={seat} label="Cenotaph" cards={p.cenotaph} />
          <Pile seat={seat} label="Black Hole" cards={p.blackHole} />
          {p.universe ? <Pile seat={seat} label="Universe" cards={p.universe} /> : null}
        </div>
      </div>
    </Side>
  );
}

/** What a card does in the combat under way, if anything. */
function roleIn(combat: DvView['combat'], id: string): string | undefined {
  if (!combat) return undefined;
  if (combat.attackers.includes(id)) return 'attacking';
  if (combat.blocks.some((b) => b.blocker === id)) return 'blocking';
  if (combat.target === id) return 'attacked';
  return undefined;
}

function DvCard({ card: c, combat }: { card: CardView; combat?: DvView['combat'] }) {
  const elements = c.elements.length ? c.elements.join('/') : 'colourless';
  const stats =
    c.type === 'Hero' && c.at !== undefined ? `AT ${c.at} · AP ${c.ap} · LV ${c.level}`
    : c.type === 'Soldier' && c.at !== undefined ? `AT ${c.at} · DF ${c.df}`
    : null;
  return (
    <Card
      id={c.id}
      name={c.name}
      turned={c.mode === 'rest'}
      faceDown={c.faceUp === false}
      role={roleIn(combat ?? null, c.id)}
      lines={[
        `${c.type} · ${elements}`,
        stats,
        c.damage ? <span className="card-status">{c.damage} damage</span> : null,
        c.turnCounters !== undefined ? `${c.turnCounters} turn ${c.turnCounters === 1 ? 'counter' : 'counters'}` : null,
        c.mode ? <span className={c.mode === 'rest' ? 'card-status' : undefined}>{c.mode === 'rest' ? 'Rest' : 'Prompt'}</span> : null,
        c.faceUp === false ? 'face down' : null,
        c.guardians?.length ? `Guardians: ${c.guardians.map((g) => g.name).join(', ')}` : null,
      ]}
    />
  );
}
