import { GameVocabulary } from './document';
import { SystemId } from './systems';
import { aegisVocabulary } from './aegis/vocabulary';
import { bornFromBloodVocabulary } from './born-from-blood/vocabulary';
import { devacurseVocabulary } from './devacurse/vocabulary';
import { summonerMasterVocabulary } from './summoner-master/vocabulary';

/**
 * Every game whose event vocabulary this version of Cardlog knows. A game is added here when its
 * vocabulary module is written; documents for a system not listed are rejected as unsupported.
 */
export const GAME_VOCABULARIES: readonly GameVocabulary[] = [aegisVocabulary, bornFromBloodVocabulary, devacurseVocabulary, summonerMasterVocabulary];

export function vocabularyFor(system: SystemId): GameVocabulary | undefined {
  return GAME_VOCABULARIES.find((v) => v.system === system);
}
