import { defineConfig } from 'vite';

// The booking pages' browser code (docs/architecture.md "Web UI"): one module per page and the
// pages' style sheet, bundled with what they import (the SDK's client among it) into dist/browser,
// with a manifest (manifest.json) the server reads to name each page's files
// (src/bundle.ts). Names carry no hash: the gateway serves them under a version segment that is a
// hash of every file (docs/decisions.md "Booking pages"). GET /embed.js is vite.embed.config.ts.
export default defineConfig({
  build: {
    outDir: 'dist/browser',
    emptyOutDir: true,
    // Beside js/ and css/, not in .vite/: a packaged app (pnpm deploy) keeps it without a dot-folder rule.
    manifest: 'manifest.json',
    target: 'es2022',
    // Unminified, as the pages' scripts always were: small, and readable in a browser's tools.
    minify: false,
    // No polyfill: it would be an inline script, which the pages' CSP refuses.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        'booking-page': 'client/booking-page.ts',
        'manage-page': 'client/manage-page.ts',
        pages: 'client/pages.css',
        // The API reference's (GET /docs, Swagger UI) overrides, served by the gateway with it.
        'api-reference': 'client/api-reference.css',
      },
      output: {
        entryFileNames: 'js/[name].js',
        chunkFileNames: 'js/[name].js',
        assetFileNames: 'css/[name][extname]',
      },
    },
  },
});
