import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startOfflineCache } from './lib/offline-cache';
import { queryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// The first render is a transition, so React renders it in slices and a phone stays responsive while the
// first screen is built (Lighthouse's Total Blocking Time, scripts/lighthouse.mjs).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});

startOfflineCache(queryClient);
registerServiceWorker();
