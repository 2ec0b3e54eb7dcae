import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const serverOnly = ['@nestjs/*', 'kafkajs', 'postgres', '@electric-sql/*', 'nestjs-pino', 'pino', 'pino-http', 'express'];

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '.nx/**', '.kafka/**', '.cardlog/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // The log format stands alone: it depends on no other project.
            { sourceTag: 'type:events', onlyDependOnLibsWithTags: [], bannedExternalImports: serverOnly },
            // The rules are pure: only the log format, and none of the server's libraries.
            { sourceTag: 'type:rules', onlyDependOnLibsWithTags: ['type:events'], bannedExternalImports: serverOnly },
            { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:events', 'type:rules', 'type:data', 'type:testing'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: [] },
            // The browser app: libs only for their types (checked below), never a server library.
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:events', 'type:rules', 'type:data'], bannedExternalImports: serverOnly },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:events', 'type:rules', 'type:data', 'type:testing'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The web app renders what the API answers: it imports the libraries' types, never their code.
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@cardlog/*'], allowTypeImports: true, message: 'the web app imports only types from libs/ (import type …)' }] },
      ],
    },
  },
  {
    // …except the prefix viewer of a rejected upload, which replays the user's file with the pure rules,
    // and the words of rules keys, one file of the rules that imports nothing (libs/rules/src/words.ts).
    files: ['apps/web/src/replay/local-source.ts', 'apps/web/src/ui/words.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
];
