import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

/** Where the build puts the server renderer: a dot directory, which the API server does not serve. */
export const SERVER_DIR = '.server';

type EntryServer = typeof import('./src/entry-server.tsx');

/**
 * Pages that paint before any JavaScript has run (src/entry-server.tsx says which and why):
 *
 * - `index.html` stays the empty shell every client-rendered route is served.
 * - `.server/entry-server.mjs` + `.server/template.html`: the renderer, bundled for Node, and the page
 *   it fills. The API server renders `/`, the search and the hostel page with them on each request;
 *   `/` fills `.server/home-template.html`, which also names the landing route's chunks.
 * - `home.html`: `/` rendered here once without its data, for when the API cannot answer.
 *
 * Rendered pages have no parser-inserted module script: prerender-boot.js (a few hundred bytes)
 * injects the app once the page's main image has been painted, so the app's ~100 KB of JavaScript
 * does not compete with that image and the stylesheet on a slow connection, then main.tsx hydrates.
 * The page reads, scrolls and its links work before that.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let warmIntlRef = '';
  return {
    name: 'studynest-prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      if (config.build.ssr) return;
      warmIntlRef = this.emitFile({
        type: 'chunk',
        id: path.join(config.root, 'src/app/warm-intl.worker.ts'),
        name: 'warm-intl',
      });
    },
    async generateBundle(_options, bundle) {
      if (config.build.ssr) return;
      const shell = bundle['index.html'];
      if (shell?.type !== 'asset' || typeof shell.source !== 'string') {
        this.error('prerender: no index.html in the bundle');
      }
      const shellHtml = shell.source as string;

      // The entry's module script and its modulepreloads, as Vite wrote them into the shell.
      const scriptRe = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
      const preloadRe = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
      const entry = scriptRe.exec(shellHtml)?.[1];
      if (!entry) this.error('prerender: no entry <script type="module"> in index.html');
      const preloads = [...shellHtml.matchAll(preloadRe)].map((m) => m[1]!);

      const boot = readFileSync(path.join(config.root, 'prerender-boot.js'), 'utf8')
        .replace(/^\s*\/\/.*\n/gm, '')
        .replace(/(['"])__ENTRY__\1/, () => JSON.stringify(entry))
        .replace(/\[(['"])__PRELOADS__\1\]/, () => JSON.stringify(preloads))
        .replace(/(['"])__WARM_INTL__\1/, () => JSON.stringify(`/${this.getFileName(warmIntlRef)}`));
      if (/__(ENTRY|PRELOADS|WARM_INTL)__/.test(boot))
        this.error('prerender: prerender-boot.js placeholders were not filled in');
      const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: bootFile, source: boot });

      const template = shellHtml
        .replace(/<title>[^<]*<\/title>/, '<title><!--app-title--></title>\n    <!--app-head-->')
        .replace(scriptRe, `\n    <script defer src="/${bootFile}"></script>`)
        .replace(preloadRe, '')
        .replace('<div id="root"></div>', '<div id="root"><!--app-html--></div><!--app-state-->')
        // Rendered pages read without JavaScript: no "turn it on" notice (src/noscript-notice.ts).
        .replace(/\s*<noscript><!--app-noscript--><\/noscript>/, '');
      if (
        !shellHtml.includes('<noscript><!--app-noscript--></noscript>') ||
        template.includes('<noscript>')
      ) {
        this.error(
          'prerender: index.html must hold <noscript><!--app-noscript--></noscript> (the server fills it)',
        );
      }
      for (const marker of ['title', 'head', 'html', 'state']) {
        if (!template.includes(`<!--app-${marker}-->`))
          this.error(`prerender: index.html has no place for ${marker}`);
      }

      const serverDir = path.resolve(config.root, config.build.outDir, SERVER_DIR);
      const server = await buildServerRenderer(config, serverDir);
      writeFileSync(path.join(serverDir, 'template.html'), template);

      // Without data: the live cards load in the browser when this copy stands in for the rendered `/`.
      const page = await server.renderPage('/', async () => ({ status: 404 }), { withData: false });
      if (!page) this.error('prerender: `/` did not render');
      if (!/<img [^>]*fetchpriority="high"/i.test(page.html)) {
        this.error('prerender: `/` has no fetchpriority="high" image for the boot script to wait for');
      }
      // The landing page's own chunk (and what it imports beyond the entry) is preloaded with the entry.
      const homeChunks = chunkFiles(bundle, 'src/app/routes/home.tsx').filter(
        (f) => !preloads.includes(`/${f}`),
      );
      const chunkHints = homeChunks.map((f) => `<meta name="app-chunk" content="/${f}">`).join('\n    ');
      const homeTemplate = template.replace('</head>', `  ${chunkHints}\n  </head>`);
      writeFileSync(path.join(serverDir, 'home-template.html'), homeTemplate);
      this.emitFile({
        type: 'asset',
        fileName: 'home.html',
        source: server.fillTemplate(homeTemplate, page),
      });
    },
  };
}

/** The chunk whose module is `moduleSuffix`, with the chunks it imports statically (not the entry). */
function chunkFiles(bundle: Rolldown.OutputBundle, moduleSuffix: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const start = chunks.find((c) => c.facadeModuleId?.endsWith(moduleSuffix));
  if (!start) throw new Error(`prerender: no chunk for ${moduleSuffix}`);
  const files = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (chunk.isEntry || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return [...files];
}

/** Builds src/entry-server.tsx for Node (self-contained: no node_modules needed at run time) and loads it. */
async function buildServerRenderer(config: ResolvedConfig, outDir: string): Promise<EntryServer> {
  mkdirSync(outDir, { recursive: true });
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    plugins: [react()],
    // React's production build whatever NODE_ENV the API server runs with. Screens stay separate
    // chunks, so the server loads only those it renders.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rollupOptions: { output: { entryFileNames: 'entry-server.mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
  });
  // Loaded from a fresh copy of the whole folder, so a watch-mode rebuild does not get the old modules
  // from the import cache, and the screens' chunks share one copy of the renderer's modules with it
  // (a query string on the entry alone would give them a second React Router).
  const copy = mkdtempSync(path.join(tmpdir(), 'studynest-prerender-'));
  cpSync(outDir, copy, { recursive: true });
  return (await import(pathToFileURL(path.join(copy, 'entry-server.mjs')).href)) as EntryServer;
}
