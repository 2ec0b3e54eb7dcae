import { GameVocabulary } from '../document';
import { defineVocabulary } from '../log-event';
import { smCardSchema } from './card';
import { smConfigSchema, smPayloads as p } from './events';

const player = 'required' as const;
const none = 'none' as const;

/**
 * Every Summoner Master event (rules digest §9). Actions of a seat carry it in `player` (the chooser,
 * the caster, the attacker's controller); rule steps and generic effect events carry none.
 */
export const summonerMasterEvents = defineVocabulary({
  // match and game setup (§4)
  MatchCreated: { actor: none, payload: p.MatchCreated, description: 'The match exists: its two seats' },
  GameCreated: { actor: none, payload: p.GameCreated, description: 'Game N of the match, with the previous game’s result' },
  DeckRegistered: { actor: player, payload: p.DeckRegistered, description: 'A seat’s Deck (Seal and Mystic piles) and Reflection candidates' },
  DeckShuffled: { actor: player, payload: p.DeckShuffled, description: 'Shuffled and offered to the opponent (102.1)' },
  ReflectionCardsPlaced: { actor: player, payload: p.ReflectionCardsPlaced, description: 'Reflection Zone filled, face up (102.2)' },
  FirstPlayerDetermined: { actor: none, payload: p.FirstPlayerDetermined, description: 'First player by a fair method (102.3)' },
  FirstPlayerChosen: { actor: player, payload: p.FirstPlayerChosen, description: 'The previous game’s loser chooses who starts (102.4)' },
  OpeningHandDrawn: { actor: player, payload: p.OpeningHandDrawn, description: '5 Seal and 2 Mystic cards (102.5)' },
  GameStarted: { actor: none, payload: p.GameStarted, description: 'Play begins: Mp 5 casting-only for the first player (102.6)' },
  // Subturn (§5)
  StepEntered: { actor: none, payload: p.StepEntered, description: 'A step of the Subturn begins (optional)' },
  SubturnEnded: { actor: none, payload: p.SubturnEnded, description: 'End of Subturn (401.9); the next Subturn begins' },
  CardDrawn: { actor: player, payload: p.CardDrawn, description: 'A card drawn from one of the seat’s piles' },
  CardCast: { actor: player, payload: p.CardCast, description: 'A Seal or Mystic card cast' },
  // attacks (§7)
  AttackGrantAdded: { actor: none, payload: p.AttackGrantAdded, description: 'A multi-attack or extra-attack text applies to a Seal' },
  AttackDeclared: { actor: player, payload: p.AttackDeclared, description: 'A Seal is ordered to attack' },
  AttackResolved: { actor: none, payload: p.AttackResolved, description: 'The attack’s recorded outcome' },
  AttackSequenceEnded: { actor: none, payload: p.AttackSequenceEnded, description: 'A multi-attack sequence that cannot continue' },
  // generic, recorded (§9)
  CardMoved: { actor: none, payload: p.CardMoved, description: 'A card changes zone' },
  MpChanged: { actor: none, payload: p.MpChanged, description: 'A seat’s Mp changes' },
  SealLineChanged: { actor: none, payload: p.SealLineChanged, description: 'A Seal changes Line' },
  SealActivityChanged: { actor: none, payload: p.SealActivityChanged, description: 'A Seal becomes Active or Inactive' },
  EffectResolved: { actor: none, payload: p.EffectResolved, description: 'An Effect, with its targets, modifiers and control changes' },
  SpecialActionDeclared: { actor: player, payload: p.SpecialActionDeclared, description: 'Growth, Progress, Combination, a Skill…' },
  PlayerCounterChanged: { actor: none, payload: p.PlayerCounterChanged, description: 'A generic tally of a seat' },
  GameEnded: { actor: none, payload: p.GameEnded, description: 'The game is over' },
});

export type SummonerMasterEventType = keyof typeof summonerMasterEvents;

export const summonerMasterVocabulary: GameVocabulary = {
  system: 'summoner-master',
  events: summonerMasterEvents,
  config: smConfigSchema,
  card: smCardSchema,
};
