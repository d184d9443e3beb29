import { defineConfig } from 'vite';

// GET /embed.js (client/embed.ts; docs/decisions.md "Embedding"): a classic script, not a module,
// so a business's page includes it with one tag and the script finds itself through
// `document.currentScript`. Its own build, since one Rollup build has one output format.
export default defineConfig({
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    lib: { entry: 'client/embed.ts', formats: ['iife'], name: 'bookingEmbed', fileName: () => 'embed.js' },
  },
});
