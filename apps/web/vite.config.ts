import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is served by apps/api at `/` from dist/: everything is bundled, nothing comes from a CDN.
// The libraries under libs/ are only imported for their types (the API is the source of truth).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/v1': 'http://localhost:3000' } },
});
