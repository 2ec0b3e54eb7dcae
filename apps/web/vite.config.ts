import { join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is served by apps/api at `/` from dist/: everything is bundled, nothing comes from a CDN.
// The libraries under libs/ are imported for their types (the API is the source of truth), except
// the pure rules, which the prefix viewer of a rejected upload runs in its own lazily loaded chunk.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    // In order: `@cardlog/rules/words` (one file the pages share with `cardlog replay`'s boards)
    // before the whole library it would otherwise match.
    alias: [
      { find: /^@cardlog\/rules\/words$/, replacement: join(import.meta.dirname, '../../libs/rules/src/words.ts') },
      { find: /^@cardlog\/rules$/, replacement: join(import.meta.dirname, '../../libs/rules/src/index.ts') },
      { find: /^@cardlog\/events$/, replacement: join(import.meta.dirname, '../../libs/events/src/index.ts') },
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/v1': 'http://localhost:3000' } },
});
