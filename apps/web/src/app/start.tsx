import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './provider';
import { AppRouter, loadPage, preloadPage } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

// Transitions let React split its work into short tasks, so a slow phone stays responsive to
// input while the page comes alive (no long task over 50 ms).
if (container.firstElementChild) {
  // The server sent the page's HTML, rendered at build time: React attaches to it once the
  // page's code is here.
  void loadPage(window.location.pathname).then(() => {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
} else {
  preloadPage(window.location.pathname);
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}
