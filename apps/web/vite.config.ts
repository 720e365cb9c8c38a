import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { withoutStaffScreens } from './precache.ts';
import { precompress } from './precompress.ts';
import { preloadDeps } from './preload-deps.ts';
import { prerenderPages } from './prerender.ts';

const preload = preloadDeps();

export default defineConfig({
  plugins: [
    react(),
    preload.plugin,
    tailwindcss(),
    // Installable, and what a student read is there without a signal
    // (docs/decisions/0025-service-worker.md). Before the prerender, which builds its pages from
    // index.html with the manifest link and the registration script already in it.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // public/registerSW.js, a few hundred bytes outside the app's bundle: deferred, so the landing
      // page's first paint and first-load JS are as before.
      injectRegister: 'script-defer',
      manifest: {
        id: '/',
        name: 'StudyNest',
        short_name: 'StudyNest',
        description:
          'Find a hostel room near your university, book an inspection, pay rent and keep your receipts.',
        lang: 'en-NG',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f5f55',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell, `/`, every screen's chunk, the offline page and the phone-sized landing images;
        // not the server renderer, the build manifest or the desktop-sized images.
        globPatterns: ['**/*.{js,css,html,svg}', 'images/**/*-480.webp', 'icons/*.png'],
        globIgnores: ['.server/**', '.vite/**', 'sw.js'],
        manifestTransforms: [withoutStaffScreens(path.resolve(import.meta.dirname, 'dist'))],
      },
    }),
    prerenderPages(),
    precompress(),
  ],
  server: {
    port: 5173,
    // `npm run dev` in apps/web talks to the API started separately on :3000.
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/sandbox': 'http://localhost:3000',
      '/verify': 'http://localhost:3000',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // bench/bundle-size.mjs reads the manifest to know what each route loads.
    manifest: true,
    // A lazy chunk's preload list without the files the entry has already loaded (preload-deps.ts);
    // the HTML pages keep theirs, which are what fetches those files early.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? preload.notLoadedFirst(deps) : deps,
    },
    // Keep React and the router in one long-cached vendor chunk shared by every route.
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|@tanstack)\//.test(id)) return 'vendor';
          // zod/mini and the contracts' shared helpers travel together: every form's checks need both,
          // and apart they are two downloads wherever the router splits the schemas differently.
          if (/node_modules\/zod\/|packages\/contracts\/src\/common\.ts$/.test(id)) return 'schemas';
          return undefined;
        },
      },
    },
  },
});
