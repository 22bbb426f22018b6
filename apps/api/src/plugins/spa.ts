/**
 * Serves a built single-page app (the web app, or the demo game on its own server): files
 * from its dist folder, and for every page path the page's HTML: `pages/<page>.html` when the
 * build prerendered it, else index.html, so client-side routes work on reload. A path the app
 * has no page for gets the not-found page with 404, so browsers, crawlers and monitors see it
 * as one. Dotfiles (`.vite/manifest.json`, build ids)
 * are never served. Vite's hashed files under /assets/ never change, so browsers keep them for
 * a year; everything else, index.html first, is revalidated on each load so a deploy shows up.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PageFallback } from './errors';

/** @internal Exported for tests. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
const CACHE_REVALIDATE = 'no-cache';

function cachePolicyFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? CACHE_IMMUTABLE : CACHE_REVALIDATE;
}

export function hasIndexHtml(root: string | null | undefined): root is string {
  return typeof root === 'string' && existsSync(path.join(root, 'index.html'));
}

const NOT_FOUND_SEND_OPTIONS = { etag: false, lastModified: false, acceptRanges: false };

export type StaticSiteOptions = {
  root: string;
  /** Paths never served from the folder (the API's), left to the not-found handler. */
  exclude?: (pathName: string) => boolean;
  /**
   * The page a URL shows (its prerendered file is `pages/<name>.html`), or undefined for a URL
   * the app has no page for (404); without it every URL shows index.html.
   */
  pageOf?: (url: string) => string | undefined;
  /**
   * A notice shown at the top of every page (a staging site's): the pages' HTML is then sent
   * with it from memory, and no .html file is served as it is.
   */
  pageNotice?: string;
};

const PAGES_DIR = 'pages';
/** The prerendered page a 404 answer carries. */
const NOT_FOUND_PAGE = 'not-found';

/** The HTML file of a page: the build's prerendered file when there is one, else index.html. */
function pageFiles(root: string): (name: string) => string {
  const dir = path.join(root, PAGES_DIR);
  const built = new Set(
    existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.html'))
          .map((file) => file.slice(0, -'.html'.length))
      : [],
  );
  return (name) => (built.has(name) ? `${PAGES_DIR}/${name}.html` : 'index.html');
}

/** True when a segment of the URL's path starts with a dot (`/.vite/…`, `/.env`). */
function hasDotSegment(url: string): boolean {
  return /(^|\/)\./.test(url.split(/[?#]/, 1)[0] ?? '');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The notice's element, first in the body: outside the app's root, so hydration ignores it. */
function noticeHtml(text: string): string {
  const style =
    'margin:0;padding:.5rem 1rem;background:#fde047;color:#1c1917;font:600 .875rem/1.4 system-ui,sans-serif;text-align:center';
  return `<p role="note" data-site-notice style="${style}">${escapeHtml(text)}</p>`;
}

/** Sends a page's HTML with the notice in it; each file is read once. */
function noticedPages(root: string, notice: string) {
  const pages = new Map<string, string>();
  return (reply: FastifyReply, file: string) => {
    let html = pages.get(file);
    if (html === undefined) {
      const raw = readFileSync(path.join(root, file), 'utf8');
      // After <body>, or (in a page without one) before the app's root.
      const at = raw.match(/<body[^>]*>/)?.[0] ?? '';
      const index =
        at === '' ? Math.max(raw.indexOf('<div id="root"'), 0) : raw.indexOf(at) + at.length;
      html = `${raw.slice(0, index)}${noticeHtml(notice)}${raw.slice(index)}`;
      pages.set(file, html);
    }
    return reply.type('text/html; charset=utf-8').send(html);
  };
}

/** Registers the static files and returns the index.html fallback for the not-found handler. */
export async function registerStaticSite(
  app: FastifyInstance,
  { root, exclude, pageOf = () => 'index', pageNotice }: StaticSiteOptions,
): Promise<PageFallback> {
  const fileOf = pageFiles(root);
  const sendNoticed = pageNotice === undefined ? null : noticedPages(root, pageNotice);
  const excluded = (pathName: string) =>
    (exclude?.(pathName) ?? false) || (sendNoticed !== null && pathName.endsWith('.html'));
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // '/' is served as a file, like the assets (validators and ranges included).
    // With a notice, no file is: '/' falls through to the page fallback like every page.
    index: [sendNoticed === null ? fileOf(pageOf('/') ?? 'index') : 'no-index.html'],
    // The web build writes .br and .gz beside each text file (vite-plugin-compression2).
    preCompressed: true,
    // Our setHeaders decides caching; send's default (max-age=0) would otherwise be added.
    cacheControl: false,
    // send's 'ignore' answers a dotfile as absent: the not-found handler takes it.
    dotfiles: 'ignore',
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cachePolicyFor(root, filePath));
    },
    allowedPath: (pathName: string) => !excluded(pathName),
  });
  return (request, reply) => {
    reply.header('cache-control', CACHE_REVALIDATE);
    const page = hasDotSegment(request.url) ? undefined : pageOf(request.url);
    if (page === undefined) reply.code(404);
    const file = fileOf(page ?? NOT_FOUND_PAGE);
    if (sendNoticed !== null) return sendNoticed(reply, file);
    // No validators or ranges on a 404: a 304 or 206 would otherwise be sent with its status.
    return page === undefined ? reply.sendFile(file, NOT_FOUND_SEND_OPTIONS) : reply.sendFile(file);
  };
}
