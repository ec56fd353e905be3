import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { prefetchFirstPage } from '@/app/prefetch';
import { store } from '@/app/store';
import '@/styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

prefetchFirstPage(store, window.location);

const root = createRoot(container);
let started = false;
const start = () => {
  if (started) return;
  started = true;
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};
// index.html holds the boot screen: let the browser paint it before the app's first (heavier) render. The router
// already loads the first page's code meanwhile. The timeout covers tabs that get no animation frames (hidden).
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
