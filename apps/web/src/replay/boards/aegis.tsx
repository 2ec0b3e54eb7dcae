import type { AgView } from '@cardlog/rules';
import type { BoardProps } from '.';
import { Card, FaceDown, Pile, Side, Stat, StepTrack, Zone, resultLine } from './parts';

type Seat = keyof AgView['players'];
type Player = AgView['players'][Seat];
type Unit = Player['units'][number];

/** The turn's steps (digest §6), in order. */
const STEPS = [
  ['S1', 'S1 Refresh'],
  ['S2', 'S2 Aegis'],
  ['S3', 'S3 Other effects'],
  ['draw', 'Draw'],
  ['main', 'Main'],
  ['battle', 'Battle'],
  ['end', 'End'],
] as const;

const DURATIONS: Record<Unit['modifiers'][number]['duration'], string> = { battle: 'this battle', turn: 'this turn', permanent: 'permanent', whileSourceInPlay: 'while its source stays' };

const SPELL_TYPES = ['Attack', 'Defense', 'Utility', 'Field'] as const;

/** Zone capacities (digest §4). */
const UNITS = 4;
const SUPPORT = 3;
const FIELD = 1;

/**
 * Aegis: each side's Unit, Support and Field Zones, its Aegis (the set pile face down, the broken
 * ones face up, Active or Faded), Mana and spell quota, hand and Drop; the opponent across the
 * table; between them the turn's steps, the battle and which spell window is open.
 */
export function AegisBoard({ view }: BoardProps<AgView>) {
  const seats = Object.keys(view.players) as Seat[];
  const bottom = seats.includes(view.viewer as Seat) ? (view.viewer as Seat) : seats[0]!;
  const top = seats.find((s) => s !== bottom);
  const name = (seat: string | undefined) => (seat ? (view.players[seat as Seat]?.name ?? seat) : '');
  return (
    <div className="table-board aegis-board">
      {top ? <AegisSide seat={top} view={view} /> : null}
      <Centre view={view} name={name} />
      <AegisSide seat={bottom} view={view} />
    </div>
  );
}

function Centre({ view, name }: { view: AgView; name: (seat: string | undefined) => string }) {
  const result = resultLine(view.result, name, 'aegis');
  const battle = view.battle;
  const attacker = view.turnPlayer;
  const defender = (Object.keys(view.players) as Seat[]).find((s) => s !== attacker);
  const unit = (id: string) => Object.values(view.players).flatMap((p) => p.units).find((u) => u.cardId === id);
  return (
    <section className="board-centre" aria-label="Turn and battle">
      <p className="turn-line">
        {view.turnPlayer ? (
          <>
            Turn <strong>{view.turn}</strong> · <strong>{name(view.turnPlayer)}</strong>
            {view.firstPlayer ? <span className="muted"> · {name(view.firstPlayer)} went first</span> : null}
          </>
        ) : (
          <>Setup ({view.stage})</>
        )}
        {result ? <strong className="result"> · {result}</strong> : null}
      </p>
      {view.turnPlayer ? <StepTrack label="Turn steps" steps={STEPS} current={view.step} /> : null}
      {battle ? (
        <p className="battle" aria-label="Battle">
          ⚔ {battle.attacker.name}
          {unit(battle.attacker.cardId) ? ` (power ${unit(battle.attacker.cardId)!.power})` : ''} attacks{' '}
          {battle.target.kind === 'aegis' ? `${name(defender)}'s Aegis` : `${battle.target.name}${unit(battle.target.cardId) ? ` (power ${unit(battle.target.cardId)!.power})` : ''}`}
          {battle.blocker ? ` · blocked by ${battle.blocker.name}${unit(battle.blocker.cardId) ? ` (power ${unit(battle.blocker.cardId)!.power})` : ''}` : ''}
          {battle.negated ? ' · negated' : ''}
        </p>
      ) : null}
      {view.turnPlayer && !view.result ? <p className="window">{windowLine(view, name(attacker), name(defender))}</p> : null}
    </section>
  );
}

/** Who may play what right now (digest §8.2): one spell window at a time, or none. */
function windowLine(view: AgView, turnPlayer: string, opponent: string): string {
  const battle = view.battle;
  if (battle) {
    switch (battle.step) {
      case 'attackWindow':
        return `Attack window: ${turnPlayer} may cast one Attack spell.`;
      case 'blockStep':
        return `Block step: ${opponent} may block with a Ready unit.`;
      case 'defenseWindow':
        return `Defense window: ${opponent} may cast one Defense spell.`;
      case 'resolve':
        return 'The battle resolves.';
    }
  }
  if (view.step === 'main') return `Main Phase: ${turnPlayer} may summon Units and play Support, Utility and Field spells.`;
  if (view.step === 'battle') return `Battle Phase: ${turnPlayer} may attack with a Ready unit.`;
  if (view.step === 'S2') return `${turnPlayer}'s Active Aegis take effect.`;
  return 'No spell window is open.';
}

function AegisSide({ seat, view }: { seat: Seat; view: AgView }) {
  const p: Player = view.players[seat];
  const quota = SPELL_TYPES.map((type) => [type, p.quotaUsed[type]] as const);
  return (
    <Side
      seat={seat}
      name={p.name}
      badges={[view.turnPlayer === seat && 'their turn', view.result && (view.result.winner === seat ? 'winner' : view.result.winner ? 'lost' : 'draw')]}
      className={view.turnPlayer === seat ? 'active' : ''}
      stats={
        <>
          <Stat term="Aegis" value={p.aegisSetCount} note="Set Aegis left in the pile: the player's life" />
          <Stat term="Mana" value={p.mana} />
          <Stat term="Hand" value={p.handSize} />
          <Stat term="Deck" value={p.deckSize} />
          <Stat term="Drop" value={p.drop.length} />
        </>
      }
    >
      <p className="side-sub">
        <span className="muted">Identity</span> {p.identity.join(' / ') || 'neutral'} · <span className="muted">Spell quota</span>{' '}
        <span aria-label={`${seat} spell quota`}>
          {quota.map(([type, used], i) => (
            <span key={type} className={used ? 'quota used' : 'quota'}>
              {i ? ', ' : ''}
              {type} {used ? 'used' : 'open'}
            </span>
          ))}
        </span>
      </p>
      <div className="zones">
        <Zone seat={seat} label="Units" cards={p.units} capacity={UNITS}>
          {(u) => <UnitCard unit={u} role={roleIn(view.battle, u.cardId)} />}
        </Zone>
        <Zone seat={seat} label="Support" cards={p.support} capacity={SUPPORT}>
          {(c) => <Card id={c.cardId} name={c.name} lines={[]} />}
        </Zone>
        <Zone seat={seat} label="Field" cards={p.field} capacity={FIELD}>
          {(c) => <Card id={c.cardId} name={c.name} lines={['Field spell']} />}
        </Zone>
        {p.aegisSet ? (
          <Zone seat={seat} label="Aegis pile" cards={p.aegisSet}>
            {(c) => <Card id={c.cardId} name={c.name} lines={['Set, face down']} faceDown />}
          </Zone>
        ) : (
          <FaceDown seat={seat} label="Aegis pile" count={p.aegisSetCount} what="set" stacked />
        )}
        <Zone seat={seat} label="Aegis area" cards={p.aegisOpen}>
          {(a) => <Card id={a.cardId} name={a.name} lines={[<span className={a.state === 'Active' ? 'card-status' : undefined}>{a.state}</span>]} turned={a.state === 'Faded'} />}
        </Zone>
      </div>
      <div className="hand-row">
        {p.hand ? (
          <Zone seat={seat} label="Hand" cards={p.hand}>
            {(c) => <Card id={c.cardId} name={c.name} lines={[]} />}
          </Zone>
        ) : (
          <FaceDown seat={seat} label="Hand" count={p.handSize} />
        )}
        <div className="piles">
          <Pile seat={seat} label="Drop" cards={p.drop} />
          {p.deck ? <Pile seat={seat} label="Deck" cards={p.deck} /> : null}
        </div>
      </div>
    </Side>
  );
}

function roleIn(battle: AgView['battle'], cardId: string): string | undefined {
  if (!battle) return undefined;
  if (battle.attacker.cardId === cardId) return 'attacking';
  if (battle.blocker?.cardId === cardId) return 'blocking';
  if (battle.target.kind === 'unit' && battle.target.cardId === cardId) return 'attacked';
  return undefined;
}

function UnitCard({ unit: u, role }: { unit: Unit; role: string | undefined }) {
  const mods = u.modifiers.map((m) => `${m.delta >= 0 ? '+' : ''}${m.delta} ${DURATIONS[m.duration]}`).join(', ');
  return <Card id={u.cardId} name={u.name} lines={[`Power ${u.power}`, <span className={u.ready ? undefined : 'card-status'}>{u.ready ? 'Ready' : 'Rested'}</span>, mods && `Modifiers ${mods}`]} turned={!u.ready} role={role} />;
}
