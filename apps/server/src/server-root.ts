import path from 'node:path';

/**
 * The server package's folder (apps/server), from source (this file sits in
 * src/) and from the bundle (dist/main.js) alike: each is one folder below it.
 * Files the server reads at run time (public/, the module SQL) are found from here.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
