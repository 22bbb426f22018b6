// The page's first script, kept tiny. A prerendered page (scripts/prerender-pages.ts, the
// visitor's view) is painted before the app's code is even asked for, then comes alive. A
// browser that signed in here gets its own view rendered instead, as does the bare shell
// (index.html, no page inside): the app starts at once.
// First: no schema may be built before zod is told not to compile with eval (CSP, R20).
import '@questfield/contract/schemas-without-eval';
import './index.css';
import { hasSessionHint } from './lib/session';

const start = () => import('./app/start');
const root = document.getElementById('root');

if (root?.firstElementChild && hasSessionHint()) root.replaceChildren();
if (root?.firstElementChild) {
  requestAnimationFrame(() => setTimeout(start));
} else {
  void start();
}
