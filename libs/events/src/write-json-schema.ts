// `npm run schema`: writes the checked-in JSON Schema of the log format (a test keeps it current).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logJsonSchema } from './json-schema';

const target = join(__dirname, '..', 'schema', 'cardlog-1.schema.json');
writeFileSync(target, `${JSON.stringify(logJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
