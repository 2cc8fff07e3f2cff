import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { activateLocale, i18n, initialLocale } from './i18n';
import { startOfflineCache } from './lib/offline-cache';
import { pageSessionLocale } from './lib/page-session';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

// zod 4 compiles object schemas with new Function unless told not to; the page's CSP forbids eval, so its probe was
// refused and logged on every signed-in page (Lighthouse best practices 96). The server keeps the compiled parsers.
// zod keeps its settings in globalThis.__zod_globalConfig (one object for every copy of zod, whichever loads first):
// filled here, the entry carries no zod (importing its config() added 3.6 KB to the first load).
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodSettings.__zod_globalConfig ??= {}), { jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// The first render is a transition, so React renders it in slices and a phone stays responsive while the
// first screen is built (Lighthouse's Total Blocking Time, scripts/lighthouse.mjs).
// The first screen opens in its reader's language: the signed-in user's (the server put it into the page), else
// this browser's last or preferred one. Its catalogue is a chunk of its own, fetched beside the screen's chunks.
function render() {
  startTransition(() => {
    createRoot(root!).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}
activateLocale(initialLocale(pageSessionLocale())).then(render, (error: unknown) => {
  // A catalogue that cannot be fetched (offline, before the service worker kept it) must not leave a blank page.
  console.error(error);
  void activateLocale('en')
    .catch(() => i18n.loadAndActivate({ locale: 'en', messages: {} }))
    .finally(render);
});

startOfflineCache(queryClient);
registerServiceWorker();
