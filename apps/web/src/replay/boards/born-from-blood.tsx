import type { BoardProps } from '.';
import type { BfbView } from '../../api/types';
import { outcomeWords } from '../../ui/words';

type Player = BfbView['players'][keyof BfbView['players']];
type InPlay = NonNullable<Player['character']>;
type Ref = Player['graveyard'][number];

const PHASES: Record<string, string> = { n: 'N Phase', draw: 'Draw Phase', main: 'Main Phase', combat: 'Combat Phase', secondMain: 'Second Main Phase', end: 'End Phase' };

/** The field's slots in the order the rulebook draws them. */
export const BFB_SLOTS = [
  ['mercenary', 'Mercenaries'],
  ['artifact', 'Artifacts'],
  ['skill', 'Skills'],
  ['item', 'Item'],
  ['offHand', 'Off-Hand'],
  ['extraZone', 'Extra Zone'],
] as const;

/**
 * Born from Blood: each player's side (HP, N, Character, the five slots and the Extra Zone, hand,
 * deck, graveyard), the opponent across the table, and between them the turn, the stack and the battle.
 */
export function BornFromBloodBoard({ view }: BoardProps<BfbView>) {
  const seats = Object.keys(view.players) as (keyof BfbView['players'])[];
  // The viewer's own seat sits at the bottom; spectators see p1 at the bottom.
  const bottom = seats.includes(view.viewer as never) ? (view.viewer as keyof BfbView['players']) : seats[0]!;
  const order = [...seats.filter((s) => s !== bottom), bottom];
  const name = (seat: string | null | undefined) => (seat ? (view.players[seat as keyof BfbView['players']]?.name ?? seat) : '');
  const [top, ...rest] = order;
  return (
    <div className="bfb-board">
      {top ? <Side player={view.players[top]} view={view} /> : null}
      <section className="bfb-centre" aria-label="Turn and stack">
        <p className="turn-line">
          {view.stage === 'playing' || view.turnPlayer ? (
            <>
              Turn <strong>{view.turn}</strong> · <strong>{name(view.turnPlayer)}</strong> · {PHASES[view.phase ?? ''] ?? view.phase}
              {view.priorityHolder ? <> · priority: {name(view.priorityHolder)}</> : null}
            </>
          ) : (
            <>Setup ({view.stage})</>
          )}
          {view.result ? (
            <strong className="result">
              {' '}
              · Game over: {outcomeWords(view.result, name, 'born-from-blood')}
            </strong>
          ) : null}
        </p>
        <div className="stack">
          <h3>Stack {view.stack.length ? <span className="muted">(top first)</span> : null}</h3>
          {view.stack.length === 0 ? (
            <p className="muted">empty</p>
          ) : (
            <ol aria-label="Stack">
              {[...view.stack].reverse().map((item, i) => (
                <li key={i} data-card-id={item.card.cardId}>
                  {item.card.name}
                  {item.abilityId ? ` · ${item.abilityId}` : ''} <span className="muted">({item.kind}, {name(item.controller)})</span>
                </li>
              ))}
            </ol>
          )}
        </div>
        {view.battle ? (
          <p className="battle" aria-label="Battle">
            ⚔ {view.battle.attacker.name} attacks with {view.battle.using} for {view.battle.damage} ({view.battle.step})
            {view.battle.pierce ? ' · Pierce' : ''}
            {view.battle.defenders.length ? ` · defenders: ${view.battle.defenders.map((d) => d.name).join(', ')}` : ''}
          </p>
        ) : null}
      </section>
      {rest.map((s) => (
        <Side key={s} player={view.players[s]} view={view} />
      ))}
    </div>
  );
}

function Side({ player: p, view }: { player: Player; view: BfbView }) {
  const label = `${p.name} (${p.seat})`;
  const active = view.turnPlayer === p.seat;
  const field = p.field as Record<string, unknown>;
  const special = (field.special ?? {}) as Record<string, { cards: InPlay[] }>;
  const hosted = (field.hosted ?? {}) as Record<string, InPlay[]>;
  return (
    <section className={`bfb-side${active ? ' active' : ''}`} aria-label={label}>
      <header className="side-head">
        <h2>
          {p.name} <span className="muted">({p.seat})</span>
          {active ? <span className="badge">their turn</span> : null}
        </h2>
        <dl className="life" aria-label={`${p.seat} resources`}>
          <Stat term="HP" value={p.hp} />
          <Stat term="N" value={p.n} />
          <Stat term="Hand" value={p.handSize} />
          <Stat term="Deck" value={p.deckSize} />
          <Stat term="Extra Deck" value={p.extraDeckSize} />
          <Stat term="Graveyard" value={p.graveyard.length} />
          {p.characterBlock ? <Stat term="Block" value={p.characterBlock} /> : null}
        </dl>
      </header>
      <div className="zones">
        <Zone seat={p.seat} label="Character" cards={p.character ? [p.character] : []} />
        {BFB_SLOTS.map(([key, zoneLabel]) => (
          <Zone key={key} seat={p.seat} label={zoneLabel} cards={(field[key] as InPlay[] | undefined) ?? []} />
        ))}
        {Object.entries(special).map(([id, slot]) => (
          <Zone key={id} seat={p.seat} label={`Special ${id}`} cards={slot.cards} />
        ))}
        {Object.entries(hosted).map(([host, cards]) => (
          <Zone key={host} seat={p.seat} label={`Under ${host}`} cards={cards} />
        ))}
      </div>
      <div className="hand-row">
        {p.hand ? <Zone seat={p.seat} label="Hand" cards={p.hand} /> : <FaceDown seat={p.seat} label="Hand" count={p.handSize} />}
        <Pile seat={p.seat} label="Graveyard" cards={p.graveyard} />
        {p.removedFromGame.length ? <Pile seat={p.seat} label="Removed from game" cards={p.removedFromGame} /> : null}
      </div>
    </section>
  );
}

function Stat({ term, value }: { term: string; value: number }) {
  return (
    <div className="stat">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Zone({ seat, label, cards }: { seat: string; label: string; cards: readonly (InPlay | Ref)[] }) {
  return (
    <div className="zone">
      <h3>{label}</h3>
      {cards.length === 0 ? (
        <p className="muted empty">—</p>
      ) : (
        <ul aria-label={`${seat} ${label}`}>
          {cards.map((c) => (
            <li key={c.cardId}>
              <Card card={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Face-down cards: backs only, with their count (the API sent no names). */
function FaceDown({ seat, label, count }: { seat: string; label: string; count: number }) {
  return (
    <div className="zone">
      <h3>
        {label} <span className="muted">({count} face down)</span>
      </h3>
      <ul aria-label={`${seat} ${label}`} className="backs">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="card back" aria-label="face-down card" />
        ))}
      </ul>
    </div>
  );
}

function Pile({ seat, label, cards }: { seat: string; label: string; cards: readonly Ref[] }) {
  return (
    <details className="zone pile">
      <summary>
        {label} ({cards.length})
      </summary>
      {cards.length ? (
        <ul aria-label={`${seat} ${label}`}>
          {cards.map((c) => (
            <li key={c.cardId} data-card-id={c.cardId}>
              {c.name}
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}

function Card({ card }: { card: InPlay | Ref }) {
  const c = card as Partial<InPlay> & Ref;
  const statuses = (c.statuses ?? []).map((s) => s.status);
  const counters = Object.entries(c.counters ?? {}).filter(([, n]) => n);
  const cooldowns = Object.entries(c.cooldowns ?? {}).filter(([, cd]) => cd.remaining > 0);
  return (
    <div className="card" data-card-id={c.cardId}>
      <span className="card-name">{c.name}</span>
      {c.atk !== undefined || c.hp !== undefined || c.block ? (
        <span className="card-stats">
          {c.atk !== undefined ? `ATK ${c.atk}` : ''}
          {c.hp !== undefined ? ` HP ${c.hp}` : ''}
          {c.block ? ` Block ${c.block}` : ''}
        </span>
      ) : null}
      {c.keywords?.length ? <span className="card-keywords">{c.keywords.map((k) => (k.value !== undefined ? `${k.kw} ${k.value}` : k.kw)).join(', ')}</span> : null}
      {statuses.length ? <span className="card-status">{statuses.join(', ')}</span> : null}
      {counters.length ? <span className="card-counters">{counters.map(([k, n]) => `${k} ×${n}`).join(', ')}</span> : null}
      {cooldowns.length ? <span className="card-counters">{cooldowns.map(([k, cd]) => `${k} cooldown ${cd.remaining}`).join(', ')}</span> : null}
    </div>
  );
}
