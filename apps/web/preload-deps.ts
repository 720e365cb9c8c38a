import type { Plugin } from 'vite';

/**
 * Every lazy import carries the list of files to preload with it, and Vite lists the entry's own
 * files there too (the entry chunk, the vendor chunk, the chunks the entry imports). Those are
 * always loaded before any lazy import can run, so naming them again in every screen's chunk (and
 * in the entry's route table, once per screen) is bytes a phone downloads for nothing. The plugin
 * notes the entry's files once the bundle is known; `notLoadedFirst` leaves them out of the lists.
 * CSS is not passed through it (Vite keeps a lazy chunk's stylesheets in the list).
 */
export function preloadDeps(): { plugin: Plugin; notLoadedFirst: (deps: string[]) => string[] } {
  let loadedFirst = new Set<string>();
  return {
    plugin: {
      name: 'studynest-preload-deps',
      apply: 'build',
      // Before Vite's own generateBundle, which writes the lists.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          const seen = new Set<string>();
          const visit = (file: string) => {
            const chunk = bundle[file];
            if (chunk?.type !== 'chunk' || seen.has(file)) return;
            seen.add(file);
            for (const imported of chunk.imports) visit(imported);
          };
          for (const chunk of Object.values(bundle))
            if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
          loadedFirst = seen;
        },
      },
    },
    notLoadedFirst: (deps) => deps.filter((file) => !loadedFirst.has(file)),
  };
}
