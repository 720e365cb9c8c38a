import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { prerenderPages } from './prerender.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderPages(), precompress()],
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
