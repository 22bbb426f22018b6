import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './provider';
import { AppRouter, loadPage, preloadPage } from './router';
import { loadVideoPlayer } from '@/components/video-player/lazy-video-player';

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
  // page's code is here, the lazy video player's included when the page shows it. A part whose
  // code is still on its way would stay as HTML after the rest came alive, and React drops a
  // click on such a part (a press of Play would do nothing).
  const playerShown = container.querySelector('video') !== null;
  void Promise.all([
    loadPage(window.location.pathname),
    playerShown ? loadVideoPlayer() : undefined,
  ]).then(() => {
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
