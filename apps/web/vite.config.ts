import { defineConfig } from 'vite';

// The staff dashboard (docs/architecture.md "Web UI"): a page at /dashboard, and the setup wizard at /setup, whose files the
// gateway serves from dist/ under its strict CSP. Scripts and styles land in assets/js and
// assets/css, each name with a content hash, so the gateway can serve each kind with its type
// and cache them for a year.
export default defineConfig({
  base: '/dashboard/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // No polyfill: it would be an inline script, which the CSP refuses (every browser we serve has modulepreload).
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      // The dashboard, and the first start's setup wizard (routes/setup) on the same files.
      input: { index: 'index.html', setup: 'setup.html' },
      output: {
        entryFileNames: 'assets/js/[name]-[hash].js',
        chunkFileNames: 'assets/js/[name]-[hash].js',
        assetFileNames: 'assets/css/[name]-[hash][extname]',
      },
    },
  },
});
