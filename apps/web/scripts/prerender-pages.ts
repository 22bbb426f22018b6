// After `vite build`: renders every page of spec §2 (and the not-found page) to HTML with the
// app's own components (src/prerender.tsx, built for Node into node_modules/.cache so its
// packages resolve), and writes dist/pages/<page>.html with .br and .gz beside it: the built
// index.html with the page inside #root, so a first visit paints without waiting for a script.
// No modulepreload links for the page's code: fetched before the first paint, they would delay
// it on a slow connection; main.tsx asks for the code once the page is on screen.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { PAGE_PATHS } from '@questfield/contract';
import { build } from 'vite';

const WEB = join(import.meta.dirname, '..');
const DIST = join(WEB, 'dist');
const SSR_OUT = join(WEB, 'node_modules', '.cache', 'prerender');
/** A path no page has: the not-found page. */
const NOT_FOUND_SAMPLE = '/not-a-page';

type Prerender = {
  renderPage: (pathname: string) => Promise<{ html: string; title: string | null }>;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function writeCompressed(file: string, text: string): void {
  const bytes = Buffer.from(text);
  writeFileSync(file, bytes);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

async function main(): Promise<void> {
  await build({
    root: WEB,
    configFile: join(WEB, 'vite.config.ts'),
    build: { ssr: 'src/prerender.tsx', outDir: SSR_OUT, emptyOutDir: true, copyPublicDir: false },
  });
  const prerender = (await import(pathToFileURL(join(SSR_OUT, 'prerender.js')).href)) as Prerender;
  const template = readFileSync(join(DIST, 'index.html'), 'utf8');
  const pages: [string, string][] = [
    ...Object.entries(PAGE_PATHS),
    ['not-found', NOT_FOUND_SAMPLE],
  ];

  mkdirSync(join(DIST, 'pages'), { recursive: true });
  for (const [name, url] of pages) {
    const page = await prerender.renderPage(url);
    let html = template.replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
    if (page.title !== null) {
      html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
    }
    writeCompressed(join(DIST, 'pages', `${name}.html`), html);
  }
  rmSync(SSR_OUT, { recursive: true, force: true });
}

await main();
