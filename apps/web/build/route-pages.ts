import type { Plugin, Rollup } from 'vite';

/** The page file of a path: '/login' → 'pages/login.html', '/' → 'pages/index.html'. The server serves these names. */
export function routePageFile(pagePath: string): string {
  return `pages${pagePath === '/' ? '/index' : pagePath}.html`;
}

/**
 * Writes a copy of index.html per page (pages/<page>.html) that also preloads
 * the page's own lazily loaded chunks and their CSS. Without it, a browser
 * opening /register learns which chunks it needs only after the entry chunk
 * has run, one round trip later; on a phone's 4G connection that is the
 * difference between a form shown at once and a spinner. The server sends a
 * page's file for a direct visit and index.html for everything else.
 *
 * `pages` maps each page path to the modules its route renders (relative to
 * the app's root), e.g. '/register' → ['src/app/routes/register.tsx'].
 */
export function routePages(pages: Record<string, readonly string[]>): Plugin {
  return {
    name: 'route-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return this.error('route-pages: the build has no index.html');
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );

      /** The chunks and everything they import statically, by file name. */
      const closure = (roots: Rollup.OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const imported of chunk.imports) {
            const next = chunks.get(imported);
            if (next) visit(next);
          }
        };
        roots.forEach(visit);
        return seen;
      };
      // index.html loads the entry and its static imports already.
      const loadedByIndex = closure([...chunks.values()].filter((chunk) => chunk.isEntry));

      for (const [pagePath, modules] of Object.entries(pages)) {
        const roots = modules.map((module) => {
          const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId?.endsWith(`/${module}`));
          return chunk ?? this.error(`route-pages: no chunk for ${module} (is it still imported lazily?)`);
        });
        const files = [...closure(roots)].filter((file) => !loadedByIndex.has(file));
        const styles = files.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
        const tags = [
          ...files.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
          // Fetched early but not render-blocking: the chunk that needs a stylesheet links it when it runs.
          ...styles.map((file) => `    <link rel="preload" as="style" crossorigin href="/${file}">`),
        ].join('\n');
        this.emitFile({
          type: 'asset',
          fileName: routePageFile(pagePath),
          source: String(html.source).replace('  </head>', `${tags}\n  </head>`),
        });
      }
    },
  };
}
