import type { Viewer } from '../game-system';
import { CardState, SEATS, Seat, SmState, effective, shrineLevel, zoneCount } from './state';

export interface SmCardView {
  readonly id: string;
  readonly card: string;
  readonly name: string;
  readonly kind: string;
  readonly reflected: boolean;
  readonly controller: string;
  readonly line?: string | null;
  readonly active?: boolean;
  readonly at?: number;
  readonly df?: number;
  readonly sp?: number;
  readonly level?: number;
}

export interface SmPlayerView {
  readonly name: string;
  readonly mp: number;
  readonly mpCastingOnly: boolean;
  readonly handSize: number;
  /** Present only for a viewer allowed to see that hand. */
  readonly hand?: readonly SmCardView[];
  readonly sealDeckSize: number;
  readonly mysticDeckSize: number;
  /** Deck contents in no order (pile order is not modelled): judge and reveal only. */
  readonly sealDeck?: readonly SmCardView[];
  readonly mysticDeck?: readonly SmCardView[];
  readonly arena: readonly SmCardView[];
  readonly shrine: readonly SmCardView[];
  readonly shrineLevel: number;
  readonly removeZone: readonly SmCardView[];
  /** Public, face up, viewable at any time (305.3). */
  readonly reflectionZone: readonly SmCardView[];
}

export interface SmView {
  readonly viewer: Viewer;
  readonly stage: string;
  readonly gameNumber: number;
  readonly firstPlayer: string | null;
  readonly subturn: { readonly number: number; readonly owner: string; readonly step: string; readonly drawSkipped: boolean } | null;
  readonly currentAttack: string | null;
  readonly pendingContinuation: string | null;
  readonly pendingGameEnd: { readonly loser: string; readonly reason: string } | null;
  readonly result: SmState['result'];
  readonly players: Readonly<Record<Seat, SmPlayerView>>;
}

function cardView(state: SmState, c: CardState): SmCardView {
  const e = effective(state, c);
  const base = { id: c.id, card: e.catalogId, name: c.name, kind: c.kind, reflected: e.reflected, controller: c.controller };
  if (c.kind !== 'Seal') return base;
  const seal = { ...base, at: e.at, df: e.df, sp: e.sp, level: e.level };
  return c.zone === 'Arena' ? { ...seal, line: c.line, active: c.active } : seal;
}

/** The board as `viewer` may see it: hands are private to their seat; piles are hidden until the reveal. */
export function view(state: SmState, viewer: Viewer): SmView {
  const all = viewer === 'judge' || viewer === 'reveal';
  const players = {} as Record<Seat, SmPlayerView>;
  for (const seat of SEATS) {
    const mine = (zone: CardState['zone']) => state.cards.filter((c) => c.owner === seat && c.zone === zone).map((c) => cardView(state, c));
    const arena = state.cards.filter((c) => c.zone === 'Arena' && c.controller === seat).map((c) => cardView(state, c));
    players[seat] = {
      name: state.names[seat],
      mp: state.mp[seat],
      mpCastingOnly: state.mpCastingOnly === seat,
      handSize: zoneCount(state, seat, 'Hand'),
      ...(all || viewer === seat ? { hand: mine('Hand') } : {}),
      sealDeckSize: zoneCount(state, seat, 'SealDeck'),
      mysticDeckSize: zoneCount(state, seat, 'MysticDeck'),
      ...(all ? { sealDeck: mine('SealDeck'), mysticDeck: mine('MysticDeck') } : {}),
      arena,
      shrine: mine('Shrine'),
      shrineLevel: shrineLevel(state, seat),
      removeZone: mine('RemoveZone'),
      reflectionZone: mine('ReflectionZone'),
    };
  }
  const s = state.subturn;
  return {
    viewer,
    stage: state.stage,
    gameNumber: state.gameNumber,
    firstPlayer: state.firstPlayer,
    subturn: s ? { number: s.number, owner: s.owner, step: s.step, drawSkipped: s.drawSkipped } : null,
    currentAttack: state.currentAttack?.attackerId ?? null,
    pendingContinuation: state.pendingContinuation,
    pendingGameEnd: state.pendingGameEnd,
    result: state.result,
    players,
  };
}
