import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { serwist } from '@serwist/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { firstLoadChunks, isGroupName, noChunkCycles, preloadWhatIsMissing } from './vite-plugins/first-load-chunks.ts';
import { guardRouteModuleReload } from './vite-plugins/guard-route-module-reload.ts';
import { trimClassMerge } from './vite-plugins/trim-class-merge.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Lazily loaded chunks preload only what their importer has not loaded (first-load-chunks.ts). */
const preload = preloadWhatIsMissing();

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    guardRouteModuleReload(),
    trimClassMerge(),
    // The browser build's chunks never import each other in a circle (first-load-chunks.ts).
    { ...noChunkCycles(), apply: (_config, env) => env.command === 'build' && !env.isSsrBuild },
    { ...preload.plugin, apply: (_config, env) => env.command === 'build' && !env.isSsrBuild },
    // `.br` and `.gz` beside every text asset of the browser build, served as they are
    // (apps/server/src/web/web.plugin.ts, preCompressed); the server bundle needs none.
    {
      ...compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|mjs|css|svg|json|txt|webmanifest)$/i,
        // Every file, however small: a page loads dozens of sub-kilobyte chunks, each about
        // half its size in Brotli (the first load counts them as served).
        threshold: 0,
      }),
      apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    },
    // The service worker (sw/service-worker.ts → build/client/sw.js) after the browser build,
    // with the precache list injected: the stylesheet, icons and manifest only (the code is
    // cached as pages load it). The SSR build gets none (@serwist/vite skips it).
    ...serwist({
      swSrc: 'sw/service-worker.ts',
      swDest: 'sw.js',
      globDirectory: 'build/client',
      globPatterns: ['assets/*.css', 'icons/*.png', 'favicon.svg', 'manifest.webmanifest'],
      rollupFormat: 'iife',
    }),
  ],
  resolve: { alias: { '~': path.join(here, 'app') } },
  build: {
    // Keep hashed file names under /assets: the server gives exactly those a year-long immutable cache.
    assetsDir: 'assets',
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    rollupOptions: {
      output: {
        // Few, whole first-load chunks (vite-plugins/first-load-chunks.ts).
        manualChunks: firstLoadChunks(),
        // A group's name is a hash of its pages already: its file is named by its content
        // hash alone. A page names each of its chunks in imports and preload lists, and
        // every name's random letters cost their bytes in the first load.
        chunkFileNames: (chunk) => (isGroupName(chunk.name) ? 'assets/[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
