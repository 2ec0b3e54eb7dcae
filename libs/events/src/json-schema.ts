import { z } from 'zod';
import { GameVocabulary, LOG_FORMAT, gameDocumentSchemaFor } from './document';
import { GAME_VOCABULARIES } from './vocabularies';

export const LOG_SCHEMA_ID = 'https://cardlog.dev/schema/cardlog-1.schema.json';

/** The JSON Schema (draft 2020-12) of cardlog/1, generated from the same zod source the server parses with. */
export function logJsonSchema(vocabularies: readonly GameVocabulary[] = GAME_VOCABULARIES): Record<string, unknown> {
  const generated =
    vocabularies.length > 0
      ? z.toJSONSchema(gameDocumentSchemaFor(vocabularies), { target: 'draft-2020-12', unrepresentable: 'any' })
      : { not: {}, description: 'no game is supported by this build' };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: LOG_SCHEMA_ID,
    title: `Cardlog game log (${LOG_FORMAT})`,
    ...generated,
  };
}
