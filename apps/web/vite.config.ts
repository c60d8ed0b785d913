import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { guardRouteModuleReload } from './vite-plugins/guard-route-module-reload.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), guardRouteModuleReload()],
  resolve: { alias: { '~': path.join(here, 'app') } },
  build: {
    // Keep hashed file names under /assets: the server gives exactly those a year-long immutable cache.
    assetsDir: 'assets',
  },
});
