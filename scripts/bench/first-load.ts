// First-load JavaScript of a page, from the production web build: the client entry,
// the root route and the page's route module with every chunk they import (what the
// server-rendered page preloads), counted as the Brotli-compressed bytes the server
// sends (the build's `.br` copies; the raw size when there is none).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type RouteAsset = { module: string; imports?: string[] };
type BuildAssets = { entry: RouteAsset; routes: Record<string, RouteAsset> };

export type FirstLoad = { page: string; chunks: { file: string; raw: number; br: number }[]; raw: number; br: number };

/** The web.dev budget for a page's first-load JavaScript, compressed. */
export const FIRST_LOAD_BUDGET_BYTES = 125 * 1024;

function sizeOf(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

/** First-load JavaScript of each page, given as [label, route id of apps/web/app/routes.ts]. */
export async function measureFirstLoad(
  webBuildDir: string,
  pages: readonly (readonly [string, string])[],
): Promise<FirstLoad[]> {
  const build = (await import(pathToFileURL(path.join(webBuildDir, 'server', 'index.js')).href)) as {
    assets: BuildAssets;
  };
  const clientDir = path.join(webBuildDir, 'client');
  const filesOf = (asset: RouteAsset | undefined) => (asset ? [asset.module, ...(asset.imports ?? [])] : []);
  return pages.map(([page, routeId]) => {
    const route = build.assets.routes[routeId];
    if (!route) throw new Error(`no route ${routeId} in the web build`);
    const files = new Set([...filesOf(build.assets.entry), ...filesOf(build.assets.routes.root), ...filesOf(route)]);
    const chunks = [...files].map((file) => {
      const onDisk = path.join(clientDir, file);
      const raw = sizeOf(onDisk);
      const br = sizeOf(`${onDisk}.br`) || raw;
      return { file: path.basename(file), raw, br };
    });
    chunks.sort((a, b) => b.br - a.br);
    return {
      page,
      chunks,
      raw: chunks.reduce((sum, c) => sum + c.raw, 0),
      br: chunks.reduce((sum, c) => sum + c.br, 0),
    };
  });
}
