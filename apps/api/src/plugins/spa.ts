/**
 * Serves a built single-page app (the web app, or the demo game on its own server): files
 * from its dist folder, and for every page path the page's HTML: `pages/<page>.html` when the
 * build prerendered it, else index.html, so client-side routes work on reload. A path the app
 * has no page for gets the not-found page with 404, so browsers, crawlers and monitors see it
 * as one. Dotfiles (`.vite/manifest.json`, build ids)
 * are never served. Vite's hashed files under /assets/ never change, so browsers keep them for
 * a year; everything else, index.html first, is revalidated on each load so a deploy shows up.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { PageFallback } from './errors';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

export function cachePolicyFor(root: string, filePath: string): string {
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
export function hasDotSegment(url: string): boolean {
  return /(^|\/)\./.test(url.split(/[?#]/, 1)[0] ?? '');
}

/** Registers the static files and returns the index.html fallback for the not-found handler. */
export async function registerStaticSite(
  app: FastifyInstance,
  { root, exclude, pageOf = () => 'index' }: StaticSiteOptions,
): Promise<PageFallback> {
  const fileOf = pageFiles(root);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // '/' is served as a file, like the assets (validators and ranges included).
    index: [fileOf(pageOf('/') ?? 'index')],
    // The web build writes .br and .gz beside each text file (vite-plugin-compression2).
    preCompressed: true,
    // Our setHeaders decides caching; send's default (max-age=0) would otherwise be added.
    cacheControl: false,
    // send's 'ignore' answers a dotfile as absent: the not-found handler takes it.
    dotfiles: 'ignore',
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cachePolicyFor(root, filePath));
    },
    ...(exclude === undefined ? {} : { allowedPath: (pathName: string) => !exclude(pathName) }),
  });
  return (request, reply) => {
    reply.header('cache-control', CACHE_REVALIDATE);
    const page = hasDotSegment(request.url) ? undefined : pageOf(request.url);
    if (page !== undefined) return reply.sendFile(fileOf(page));
    // No validators or ranges: a 304 or 206 would otherwise be sent with the 404 status.
    return reply.code(404).sendFile(fileOf(NOT_FOUND_PAGE), NOT_FOUND_SEND_OPTIONS);
  };
}
