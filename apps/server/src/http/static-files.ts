import { existsSync } from 'node:fs';
import path from 'node:path';
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
  '/admin/',
  '/webhooks/',
  '/provider/',
  '/sandbox-bank',
];

/**
 * Images under /images (bank logos, rewards, banner) and, when built, the web
 * app with an SPA fallback: an unknown GET for a page answers index.html, an
 * unknown API path answers a JSON 404.
 */
export async function registerStaticFiles(app: App, options: { publicDir: string; webDistDir: string }) {
  await app.register(fastifyStatic, {
    root: path.join(options.publicDir, 'images'),
    prefix: '/images/',
    decorateReply: false,
    wildcard: true,
    index: false,
    maxAge: IMAGE_MAX_AGE_S * 1000,
    cacheControl: true,
  });

  const indexHtml = path.join(options.webDistDir, 'index.html');
  const hasWebApp = existsSync(indexHtml);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      // Looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz copies of every text file (apps/web/scripts/compress-dist.mjs):
      // the one the browser accepts is sent, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A page is a GET for a path with no file extension outside the server's own prefixes;
    // a missing file (an old /assets/*.js, say) is a plain 404, never the page.
    const lastSegment = url.slice(url.lastIndexOf('/') + 1);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !lastSegment.includes('.') &&
      !SERVER_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
    if (hasWebApp && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', options.webDistDir);
    }
    return reply.code(404).send(errorBody(request, 404, 'NOT_FOUND', 'not_found'));
  });
}
