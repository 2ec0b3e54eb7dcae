import type { Viewer } from '../game-system';
import { CardRow, DvState, TargetRef, catalogCard, cardOf, currentAp, currentAt, currentDf, cursorOf, effectiveOrderHolder, endingOf, isGone } from './state';

export interface DvCardView {
  readonly id: string;
  readonly catalogId: string;
  readonly name: string;
  /** `Soldier`, `Hero` or `Event`: labels for people (the catalog's `type` is lower case). */
  readonly type: 'Soldier' | 'Hero' | 'Event';
  readonly elements: readonly string[];
  readonly mode?: 'prompt' | 'rest';
  readonly faceUp?: boolean;
  readonly at?: number;
  readonly df?: number;
  readonly ap?: number;
  readonly damage?: number;
  readonly level?: 1 | 2;
  readonly turnCounters?: number;
  readonly guardians?: readonly DvCardView[];
  /** The owner, given when another Deva holds the card (a control change, a guardian, DV-R35). */
  readonly owner?: string;
  /** The Battlefield card it is attached to, while that card is still the same object. */
  readonly attachedTo?: string;
}

/** A card the viewer may not see: its id only (a face-down prayer of another Deva). */
export interface HiddenCard {
  readonly id: string;
  readonly hidden: true;
  readonly mode?: 'prompt' | 'rest';
}

export interface DvPlayerView {
  readonly seat: string;
  readonly name: string;
  readonly faith: number;
  readonly eliminated: boolean;
  readonly handSize: number;
  readonly hand?: readonly DvCardView[];
  readonly universeSize: number;
  readonly universe?: readonly DvCardView[];
  readonly temple: readonly (DvCardView | HiddenCard)[];
  readonly heroLine: readonly DvCardView[];
  readonly soldierLine: readonly DvCardView[];
  readonly cenotaph: readonly DvCardView[];
  readonly blackHole: readonly DvCardView[];
  readonly blessing: Readonly<Record<string, number>>;
}

export interface DvView {
  readonly system: 'devacurse';
  readonly viewer: Viewer;
  readonly status: DvState['status'];
  /** The match's end with its reason, as the other games' views give it. */
  readonly result: (NonNullable<DvState['result']> & { readonly reason: ReturnType<typeof endingOf> }) | null;
  readonly turn: number;
  readonly orderHolder: string | null;
  readonly cursor: DvState['cursor'];
  readonly priority: DvState['priority'];
  readonly due: DvState['due'];
  readonly players: Readonly<Record<string, DvPlayerView>>;
  readonly knot: readonly { id: string; kind: string; controller: string; card?: DvCardView; source?: string; targets: readonly string[] }[];
  readonly falling: readonly { id: string; cards: readonly DvCardView[] }[];
  readonly combat: { kind: string; attacker: string; defender: string | null; attackers: readonly string[]; blocks: readonly { blocker: string; attacker: string }[]; target: string | null } | null;
}

const TYPE_LABELS = { soldier: 'Soldier', hero: 'Hero', event: 'Event' } as const;

function cardView(state: DvState, card: CardRow, holder?: string): DvCardView {
  const c = catalogCard(state, card);
  const arena = card.zone === 'soldierLine' || card.zone === 'heroLine';
  return {
    id: card.iid,
    catalogId: card.catalogId,
    name: c.name,
    type: TYPE_LABELS[c.type],
    elements: c.elements,
    ...(arena || card.zone === 'temple' ? { mode: card.mode } : {}),
    ...(card.zone === 'temple' ? { faceUp: card.faceUp } : {}),
    ...(arena && c.type !== 'event' ? { at: currentAt(state, card) } : {}),
    ...(arena && c.type === 'soldier' ? { df: currentDf(state, card) } : {}),
    ...(arena && c.type === 'hero' ? { ap: currentAp(state, card), level: card.level, guardians: card.guardians.map((g) => cardView(state, cardOf(state, g)!, card.controller)) } : {}),
    ...(arena && card.damage > 0 ? { damage: card.damage } : {}),
    ...(arena && c.turnCount !== undefined ? { turnCounters: card.turnCounters } : {}),
    ...(holder !== undefined && holder !== card.owner ? { owner: card.owner } : {}),
    ...(arena && card.attachedTo && !isGone(state, card.attachedTo) ? { attachedTo: card.attachedTo.iid } : {}),
  };
}

const targetName = (t: TargetRef) => ('card' in t ? t.card.iid : t.player);

/**
 * The board as one viewer may see it (§3, §12.00): a Deva sees its own hand and face-down prayers,
 * others only their counts and ids; spectators see no hand; a judge sees everything, Universes
 * included; `reveal` is the judge's view once the match has ended, the spectator's before.
 */
export function view(state: DvState, viewer: Viewer): DvView {
  const everything = viewer === 'judge' || (viewer === 'reveal' && state.status === 'ended');
  const players: Record<string, DvPlayerView> = Object.create(null);
  const list = (ids: readonly string[], holder?: string) => ids.map((id) => cardView(state, cardOf(state, id)!, holder));
  for (const p of state.players) {
    const mine = everything || viewer === p.seat;
    players[p.seat] = {
      seat: p.seat,
      name: p.name,
      faith: p.faith,
      eliminated: p.eliminated,
      handSize: p.hand.length,
      ...(mine ? { hand: list(p.hand, p.seat) } : {}),
      universeSize: p.universe.length,
      ...(everything ? { universe: list(p.universe, p.seat) } : {}),
      // A face-down prayer is seen by the Deva whose Temple holds it and by its owner (§3).
      temple: p.temple.map((id) => {
        const card = cardOf(state, id)!;
        return card.faceUp || mine || viewer === card.owner ? cardView(state, card, p.seat) : { id, hidden: true as const, mode: card.mode };
      }),
      heroLine: list(p.heroLine, p.seat),
      soldierLine: list(p.soldierLine, p.seat),
      cenotaph: list(p.cenotaph, p.seat),
      blackHole: list(p.blackHole, p.seat),
      blessing: { ...p.pool },
    };
  }
  const combat = state.combat;
  return {
    system: 'devacurse',
    viewer,
    status: state.status,
    result: state.result && { ...state.result, reason: endingOf(state.result) },
    turn: state.turn,
    orderHolder: state.orderHolder === null ? null : effectiveOrderHolder(state),
    // Only the fields the segment has (a state keeps every field, see cursorAt).
    cursor: cursorOf(state.cursor),
    priority: state.priority,
    due: state.due,
    players,
    knot: state.knot.map((k) => {
      const card = k.card ? cardOf(state, k.card.iid) : undefined;
      return {
        id: k.id,
        kind: k.kind,
        controller: k.controller,
        ...(card ? { card: cardView(state, card) } : {}),
        ...(k.source ? { source: k.source.iid } : {}),
        targets: k.targets.map(targetName),
      };
    }),
    falling: state.falling.map((b) => ({ id: b.id, cards: list(b.cards) })),
    combat: combat
      ? {
          kind: combat.kind,
          attacker: combat.attacker,
          defender: combat.defender,
          attackers: combat.attackers.map((a) => a.iid),
          blocks: combat.blocks.map((b) => ({ blocker: b.blocker.iid, attacker: b.attacker.iid })),
          target: combat.target ? targetName(combat.target) : null,
        }
      : null,
  };
}
