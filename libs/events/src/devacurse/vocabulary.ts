import { GameVocabulary } from '../document';
import { defineVocabulary } from '../log-event';
import { dvCardSchema } from './card';
import { dvConfigSchema, dvPayloads as p } from './events';

const player = 'required' as const;
const none = 'none' as const;

/**
 * Every Devacurse event (rules digest §12). Player actions carry the acting Deva in `player`;
 * system events (S, derived by the engine) carry none.
 */
export const devacurseEvents = defineVocabulary({
  // Turn Origin (§4)
  UniverseRegistered: { actor: player, payload: p.universeRegistered, description: "A Deva's Universe: its card instances and their catalog ids" },
  OrderLotDrawn: { actor: none, payload: p.orderLotDrawn, description: 'The Deva who won the lot' },
  FirstPlayerChosen: { actor: player, payload: p.firstPlayerChosen, description: 'The lot winner gives the first order (§12.1 FirstOrderChosen)' },
  DrawCards: { actor: player, payload: p.drawCards, description: 'Opening hand (5) or the Draw loop (1 or 2), naming the cards drawn' },
  // Turn Spiral (§5)
  TurnBegan: { actor: none, derived: true, payload: p.turnBegan, description: 'A new turn and its order holder' },
  PromptLoopApplied: { actor: none, derived: true, payload: p.promptLoopApplied, description: 'Event expiry, turn counters, everything readied' },
  PassPriority: { actor: player, payload: p.empty, description: 'The priority holder passes' },
  SkipDraw: { actor: player, payload: p.skipDraw, description: 'No draw this turn (an effect, or an empty Universe)' },
  PhaseAdvanced: { actor: none, derived: true, payload: p.phaseAdvanced, description: 'The cursor moves to the next loop, part, phase or combat step' },
  BlessingLost: { actor: none, derived: true, payload: p.blessingLost, description: 'Blessing pools empty at the end of a loop, part or phase' },
  RefreshApplied: { actor: none, derived: true, payload: p.refreshApplied, description: 'Soldier damage removed, guardian check, prompt heroes heal 1' },
  FallBatchPlaced: { actor: none, derived: true, payload: p.fallBatchPlaced, description: 'Falling cards land in the Cenotaph (heroes go on to the Black Hole)' },
  DiscardToHandLimit: { actor: player, payload: p.discardToHandLimit, description: 'The order holder discards down to 7' },
  EndTurn: { actor: player, payload: p.empty, description: 'The order holder ends the turn' },
  TurnEnded: { actor: none, derived: true, payload: p.turnEnded, description: 'The order passes to the next surviving Deva' },
  Concede: { actor: player, payload: p.empty, description: 'The actor leaves the game' },
  PlayerEliminated: { actor: none, derived: true, payload: p.playerEliminated, description: 'A Deva leaves the game with all its cards' },
  MatchEnded: { actor: none, derived: true, payload: p.matchEnded, description: 'The last Deva standing wins, or a draw' },
  // Construction loop (§5.3)
  PlacePrayer: { actor: player, payload: p.placePrayer, description: 'One card from hand into the Temple zone, face up or down' },
  EndBlessMaking: { actor: player, payload: p.empty, description: 'The part owner ends its Bless making part' },
  ProduceBlessing: { actor: player, payload: p.produceBlessing, description: 'A prompt prayer is depleted for one blessing' },
  CallCard: { actor: player, payload: p.callCard, description: 'A Soldier or Event called from hand or a face-down prayer onto the Knot zone' },
  CallHero: { actor: player, payload: p.callHero, description: 'A Hero called from hand onto the Knot zone' },
  DeclareUpgrade: { actor: player, payload: p.declareUpgrade, description: 'A LV1 hero is to be upgraded to LV2' },
  AddGuardianFromPrayer: { actor: player, payload: p.addGuardianFromPrayer, description: 'A prayer becomes a guardian of a hero' },
  UseSkill: { actor: player, payload: p.useSkill, description: "A card's skill onto the Knot zone" },
  TriggerAbility: { actor: player, payload: p.triggerAbility, description: 'A triggered ability onto the Knot zone' },
  ResolveKnotTop: { actor: player, payload: p.resolveKnotTop, description: 'The top Knot item resolves (or a hero call or upgrade is cancelled)' },
  ApplyEffects: { actor: none, payload: p.applyEffects, description: 'Effect events with a static cause in the Arena' },
  // Assault loop (§8)
  DeclareSoldierAttack: { actor: player, payload: p.declareSoldierAttack, description: 'Soldiers attack one defending Deva, all at once' },
  DeclareBlockers: { actor: player, payload: p.declareBlockers, description: 'The defending Deva blocks' },
  PlaceCombatDamage: { actor: player, payload: p.placeCombatDamage, description: 'Combat damage placed (gang blocks divided)' },
  CombatDamageTookEffect: { actor: none, derived: true, payload: p.combatDamageTookEffect, description: 'Faith losses and destruction checks of a combat' },
  DeclareHeroAttack: { actor: player, payload: p.declareHeroAttack, description: 'One prompt hero attacks one target' },
  EndHeroAttacks: { actor: player, payload: p.empty, description: 'No more hero attacks this part' },
});

export type DevacurseEventType = keyof typeof devacurseEvents;

export const devacurseVocabulary: GameVocabulary = {
  system: 'devacurse',
  events: devacurseEvents,
  config: dvConfigSchema,
  card: dvCardSchema,
};
