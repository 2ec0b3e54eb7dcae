// `npm run schema`: writes the checked-in JSON Schemas of the log format and the tournament bundle (a test keeps them current).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logJsonSchema } from './json-schema';
import { tournamentJsonSchema } from './tournament';

for (const [file, schema] of [
  ['cardlog-1.schema.json', logJsonSchema()],
  ['cardlog-tournament-1.schema.json', tournamentJsonSchema()],
] as const) {
  const target = join(__dirname, '..', 'schema', file);
  writeFileSync(target, `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote ${target}`);
}
