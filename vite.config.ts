import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogues } from './scripts/lib/vite-catalogues.mjs';

export default defineConfig({
  root: 'client',
  envDir: '..',
  plugins: [
    react(),
    tailwindcss(),
    catalogues(),
    // Installable, and opens offline (issue 24): the manifest, and client/src/sw.ts with the built files to
    // precache. The app registers the worker itself after the first screen (lib/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: 'Steadfast',
        short_name: 'Steadfast',
        description: 'Daily spiritual disciplines, kept together with your community.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#2c3785',
        background_color: '#faf8f4',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // An IIFE, as the worker is registered (a classic script, no type: 'module'); the plugin's 'es' build passes
      // Rollup's deprecated inlineDynamicImports, which printed a warning on every build.
      // The pseudo-locale's catalogue is the language walk's, never a reader's: not downloaded by every install.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,woff2}'], globIgnores: ['**/.vite/**', '**/assets/pseudo-*.js'], rollupFormat: 'iife' },
    }),
  ],
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'shared'),
      '@': path.resolve(import.meta.dirname, 'client/src'),
    },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Production builds publish no source maps (DECISIONS.md "Operations"): the sources stay private.
    sourcemap: false,
    // dist/client/.vite/manifest.json: which chunks the first screen loads, read by scripts/bundle-budget.mjs
    // (never served: express.static ignores dot-directories).
    manifest: true,
    // No preload helper around dynamic imports: it first adds a <link rel=modulepreload> per import of a lazy
    // chunk, which cost the dashboard more main-thread time on a phone (Lighthouse) than letting the browser
    // fetch those imports once the chunk arrives, now that a screen's chunks are few (below).
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: left to itself the bundler splits every module shared by a different set of
        // screens into a chunk of its own (single icons of 200 bytes), and a phone then opens the dashboard
        // with some 40 requests queued six at a time. Instead:
        codeSplitting: {
          // (Priorities are whole numbers: rolldown drops a fraction, so 2.5 was 2.)
          groups: [
            // everything the first screen (/auth) runs, in the entry chunk (scripts/bundle-budget.mjs);
            { name: 'initial', tags: ['$initial'], priority: 10 },
            // the sign-in page, in a chunk beside the entry that a visitor's /auth fetches with it;
            {
              name: 'auth',
              test: /client[\\/]src[\\/](pages[\\/]auth-page|features[\\/]auth[\\/]components[\\/](auth-hero|sign-in-form|sign-up-form|google-sign-in-button|name-availability-message))\.tsx?$/,
              priority: 6,
            },
            // the forms (react-hook-form), fetched with /auth and when a dialog with a form opens: the dashboard
            // and the shell never wait for them (issue 40 item 4; their dialogs are lazy);
            {
              name: 'forms',
              test: /react-hook-form|client[\\/]src[\\/](lib[\\/]forms|components[\\/]ui[\\/](password-input|form-field))\.tsx?$/,
              priority: 7,
            },
            // what the sign-in page and the signed-in screens share (inputs, labels, tabs, the account calls, a few
            // icons), apart, so neither brings the other's code (a group takes its modules' imports too: the higher
            // priority claims them first, so this one and the forms come before the page's group);
            {
              name: 'fields',
              test: /@radix-ui[\\/]react-(tabs|roving-focus|label)[\\/]|client[\\/]src[\\/](components[\\/]ui[\\/](input|tabs|label|card|native-select)|features[\\/]auth[\\/]api|features[\\/]language[\\/]components[\\/](language-switcher|language-select))\.tsx?$|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](calendar-check|chevron-down|church|circle-alert|circle-check|heart-handshake|key-round|languages|mail-warning|shield-check|sparkles|eye|eye-off)\.m?js$/,
              priority: 8,
            },
            // the copy kept for offline use (IndexedDB), loaded when first saved, forgotten or restored;
            { name: 'offline-copy', test: /idb-keyval|client[\\/]src[\\/]lib[\\/]offline-copy\.ts$/, priority: 5 },
            // the icons of the other screens, in one chunk;
            { name: 'icons', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons/, priority: 4 },
            // the UI primitives, helpers and API hooks that the signed-in screens share, in one chunk
            // (CSV export, with papaparse, stays with the screens that export), and the app shell around them: a chunk
            // of its own, it was fetched first and then asked for this one, a round trip more before a signed-in screen.
            {
              name: 'app',
              test: /client[\\/]src[\\/](lib[\\/](?!csv)|components[\\/]ui[\\/]|components[\\/]layout[\\/]app-shell)|shared[\\/]domain[\\/]|client[\\/]src[\\/]features[\\/][\w-]+[\\/](api|format|period|status|messages|default-guidance)\.tsx?$/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
