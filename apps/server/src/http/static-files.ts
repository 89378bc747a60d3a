import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { REWARD_IMAGE_BASE_PATH } from '@app/contracts/admin';
import { BACKOFFICE_BASE_PATH } from '@app/contracts/paths';
import { pageLanguage, prerenderedPageFile, prerenderedPageOf } from '@app/contracts/prerendered-pages';
import fastifyStatic from '@fastify/static';
import { errorBody } from './errors.ts';
import type { App } from './types.ts';

const IMAGE_MAX_AGE_S = 7 * 24 * 3600;

/** Paths that belong to the API or the server; they never fall back to the app. */
const SERVER_PREFIXES = [
  '/api/',
  '/images/',
  '/docs',
  '/health',
  '/ready',
  '/metrics',
  '/admin/',
  '/webhooks/',
  '/provider/',
  '/sandbox-bank',
];

/** Hashed build assets never change; everything else (index.html) is revalidated on every visit. */
function cacheHeaders(res: { header: (name: string, value: string) => unknown }, filePath: string): void {
  const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
  res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** A page is a GET for a path whose last segment has no file extension: a missing file is a plain 404. */
function isPageRequest(method: string, url: string): boolean {
  const lastSegment = url.slice(url.lastIndexOf('/') + 1);
  return (method === 'GET' || method === 'HEAD') && !lastSegment.includes('.');
}

/**
 * The player app's file for a page: the login and register pages drawn at build time in the player's language
 * (the app's language cookie, else the browser's languages; @app/contracts/prerendered-pages), when the build
 * has them; index.html for every other page, and for those on a build without them.
 */
function playerPageFile(
  request: { headers: Record<string, string | string[] | undefined> },
  url: string,
  reply: { header: (name: string, value: string) => unknown },
  webDistDir: string,
): string {
  const page = prerenderedPageOf(url);
  if (!page) return 'index.html';
  const header = (name: string, separator: string) => [request.headers[name] ?? []].flat().join(separator);
  const file = prerenderedPageFile(page, pageLanguage(header('cookie', ';'), header('accept-language', ',')));
  if (!existsSync(path.join(webDistDir, file))) return 'index.html';
  // A cache must keep one answer per language: they differ by these two headers.
  reply.header('vary', 'cookie, accept-language');
  return file;
}

type StaticOptions = {
  publicDir: string;
  webDistDir: string;
  backofficeDistDir: string;
  /** Reward images admins upload (REWARD_IMAGE_DIR). */
  rewardImageDir: string;
};

/**
 * Images under /images (bank logos, rewards, banner) and, when built, the two
 * apps with their SPA fallbacks: the operators' back office under
 * /backoffice/, the player app everywhere else. An unknown GET for a page
 * answers the app's index.html, an unknown API path a JSON 404.
 */
export async function registerStaticFiles(app: App, options: StaticOptions) {
  const images = {
    decorateReply: false,
    wildcard: true,
    index: false as const,
    maxAge: IMAGE_MAX_AGE_S * 1000,
    cacheControl: true,
  };
  // Reward images: the uploaded ones first, then the bundled ones, at one address (/images/reward/<name>).
  // A name found in neither falls through to the JSON 404. Registered before /images/, whose route it narrows.
  mkdirSync(options.rewardImageDir, { recursive: true, mode: 0o700 });
  await app.register(fastifyStatic, {
    ...images,
    root: [options.rewardImageDir, path.join(options.publicDir, 'images', 'reward')],
    prefix: REWARD_IMAGE_BASE_PATH,
  });
  await app.register(fastifyStatic, { ...images, root: path.join(options.publicDir, 'images'), prefix: '/images/' });

  const indexHtml = path.join(options.webDistDir, 'index.html');
  const hasWebApp = existsSync(indexHtml);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      // Looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz copies of every text file (scripts/compress-dist.mjs):
      // the one the browser accepts is sent, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }

  const hasBackoffice = existsSync(path.join(options.backofficeDistDir, 'index.html'));
  if (hasBackoffice) {
    await app.register(fastifyStatic, {
      root: options.backofficeDistDir,
      prefix: BACKOFFICE_BASE_PATH,
      // One registration decorates reply.sendFile; the player app's does when it is built.
      decorateReply: !hasWebApp,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const page = isPageRequest(request.method, url);
    const backofficeRoot = BACKOFFICE_BASE_PATH.replace(/\/$/, '');
    if (url === backofficeRoot || url.startsWith(BACKOFFICE_BASE_PATH)) {
      // The back office's own pages (/backoffice/withdrawals, ...) are its index.html; its router decides.
      if (hasBackoffice && page) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', options.backofficeDistDir);
      }
      return reply.code(404).send(errorBody(request, 404, 'NOT_FOUND', 'not_found'));
    }
    // Outside the server's own prefixes, a page is the player app's.
    const isPlayerPage =
      page && !SERVER_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
    if (hasWebApp && isPlayerPage) {
      return reply
        .header('cache-control', 'no-cache')
        .sendFile(playerPageFile(request, url, reply, options.webDistDir), options.webDistDir);
    }
    return reply.code(404).send(errorBody(request, 404, 'NOT_FOUND', 'not_found'));
  });
}
