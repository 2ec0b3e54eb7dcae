import type { BfbCard, Keyword } from '@cardlog/events';
import type { Viewer } from '../game-system';
import {
  BfbState,
  CardId,
  CardState,
  FieldObject,
  SEATS,
  Seat,
  SLOT_CAPACITY,
  battleDamage,
  block,
  cannotBePrevented,
  catalogOf,
  characterBlock,
  currentAtk,
  currentHp,
  deckSize,
  hasPierce,
  keywordEntries,
  priorityHolder,
  cardOf,
} from './state';

/** A card as anyone who may see it sees it. */
export interface CardRef {
  readonly cardId: CardId;
  readonly catalogId: string;
  readonly name: string;
  readonly artId?: string;
}

/** A card on the field or in the Character Zone: its object state when it has one (a Character has no HP of its own). */
export interface InPlayCard extends CardRef {
  readonly enteredTurn?: number;
  readonly nPaid?: number;
  readonly attacksThisTurn?: number;
  readonly hp?: number;
  readonly atk?: number;
  readonly block?: number;
  readonly keywords?: readonly { readonly kw: Keyword; readonly value?: number }[];
  readonly statuses?: FieldObject['statuses'];
  readonly modifiers?: FieldObject['modifiers'];
  readonly counters?: FieldObject['counters'];
  readonly cooldowns?: FieldObject['cd'];
}

/** An in-play card while its properties are set. */
type Building = { -readonly [K in keyof InPlayCard]: InPlayCard[K] };

/** The field places every player has, in the order the view lists them. */
const FIELD_SLOTS = [...Object.keys(SLOT_CAPACITY), 'extraZone'];

/**
 * What one viewer may see (log format property 3). A seat sees its own hand and Extra Deck; of the
 * opponent only sizes. Spectators see no hand; a judge sees everything, deck order included; `reveal`
 * shows everything once the game has ended and is a spectator view before that.
 */
export function view(state: BfbState, viewer: Viewer) {
  const everything = viewer === 'judge' || (viewer === 'reveal' && state.stage === 'ended');
  // Cards are built property by property in the order spreads would give (the same JSON): a seek's
  // view builds ~60 of them, and spreading into literals made the view ~3.5× dearer.
  const refOf = (id: CardId, card: CardState, entry: BfbCard): Building => {
    const out: Building = { cardId: id, catalogId: card.catalogId, name: entry.name };
    if (card.artId) out.artId = card.artId;
    return out;
  };
  const ref = (id: CardId): CardRef => {
    const card = cardOf(state, id)!;
    return refOf(id, card, catalogOf(state, card));
  };
  const inPlay = (id: CardId): InPlayCard => {
    const card = cardOf(state, id)!;
    const entry = catalogOf(state, card);
    const out = refOf(id, card, entry);
    const o = card.obj;
    if (o) {
      out.enteredTurn = o.enteredTurn;
      out.nPaid = o.nPaid;
      out.attacksThisTurn = o.attacksThisTurn;
      if (entry.type !== 'Character') out.hp = currentHp(state, card);
      out.atk = currentAtk(state, card);
      out.block = block(state, card);
      out.keywords = keywordEntries(state, card);
      out.statuses = o.statuses;
      out.modifiers = o.modifiers;
      out.counters = o.counters;
      out.cooldowns = o.cd;
    }
    return out;
  };
  const player = (seat: Seat) => {
    const p = state.players[seat];
    const own = everything || viewer === seat;
    const zone = (key: string) => p.zones[key] ?? [];
    const field: Record<string, unknown> = {};
    for (const slot of FIELD_SLOTS) field[slot] = zone(slot).map(inPlay);
    field['special'] = Object.fromEntries(
      Object.entries(p.specialSlots).map(([id, slot]) => [id, { ...slot, cards: zone(`special:${id}`).map(inPlay) }]),
    );
    field['hosted'] = Object.fromEntries(
      Object.keys(p.zones)
        .filter((k) => k.startsWith('host:') && zone(k).length > 0)
        .map((k) => [k.slice(5), zone(k).map(inPlay)]),
    );
    // Before GameStarted the registered Character is still part of the hidden deck list.
    const placed = p.characterId !== undefined && cardOf(state, p.characterId)?.zone === 'characterZone';
    const character = p.characterId && (placed || own) ? inPlay(p.characterId) : undefined;
    return {
      seat,
      name: p.name,
      hp: Math.max(0, p.hp), // BB-R7: shown clamped at 0
      n: p.n,
      counters: p.counters,
      turnsTaken: p.turnsTaken,
      playedFromHandThisTurn: p.playedFromHandThisTurn,
      playedFromHandLastOwnTurn: p.playedFromHandLastOwnTurn,
      characterBlock: characterBlock(state, seat),
      ...(character ? { character } : {}),
      handSize: zone('hand').length,
      ...(own ? { hand: zone('hand').map(ref) } : {}),
      deckSize: deckSize(p.deck),
      ...(everything ? { deck: { top: p.deck.top.map(ref), middle: p.deck.middle.map(ref), bottom: p.deck.bottom.map(ref) } } : {}),
      extraDeckSize: zone('extraDeck').length,
      ...(own ? { extraDeck: zone('extraDeck').map(ref) } : {}),
      field,
      graveyard: zone('graveyard').map(ref),
      removedFromGame: zone('removedFromGame').map(ref),
      sealed: zone('sealed').map(ref),
      hideaway: zone('hideaway').map(ref),
      maintain: Object.fromEntries(
        Object.keys(p.zones)
          .filter((k) => k.startsWith('maintain:') && zone(k).length > 0)
          .map((k) => [k.slice(9), zone(k).map(ref)]),
      ),
      setup: { deckRegistered: p.deckRegistered, openingHandDrawn: p.openingHandDrawn, mulliganDone: p.mulliganDone },
    };
  };
  const battle = state.battle;
  return {
    system: 'born-from-blood' as const,
    viewer,
    stage: state.stage,
    ...(state.result ? { result: state.result } : {}),
    ...(state.firstPlayer ? { firstPlayer: state.firstPlayer } : {}),
    turn: state.turn,
    ...(state.turnPlayer ? { turnPlayer: state.turnPlayer, phase: state.phase } : {}),
    config: state.config,
    priorityHolder: priorityHolder(state) ?? null,
    stack: state.stack.map((item) => ({
      kind: item.kind,
      controller: item.controller,
      card: ref(item.cardId),
      ...(item.abilityId ? { abilityId: item.abilityId } : {}),
      ...(item.destination ? { destination: item.destination } : {}),
    })),
    battle: battle
      ? {
          attacker: ref(battle.attackerId),
          attackingSeat: battle.attackingSeat,
          using: battle.using,
          immediate: battle.immediate,
          step: battle.step,
          damage: battleDamage(state, battle),
          pierce: hasPierce(state, battle),
          cannotBePrevented: cannotBePrevented(state, battle),
          defenders: battle.defenders.map(ref),
          ...(battle.assignment ? { assignment: battle.assignment } : {}),
        }
      : null,
    players: Object.fromEntries(SEATS.map((s) => [s, player(s)])) as Record<Seat, ReturnType<typeof player>>,
  };
}

export type BfbView = ReturnType<typeof view>;
