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

/**
 * The pages whose first-load JavaScript is watched: every route of apps/web/app/routes.ts,
 * as [label, route id] (the measure reads the build's route manifest, so a page with an
 * id needs none: every post loads the same chunks). `unwatchedRoutes` names a route added
 * since, which the bench reports until it is listed here.
 */
export const WATCHED_PAGES = [
  ['/', 'routes/home'],
  ['/home', 'routes/home-alias'],
  ['/post/{id}', 'routes/post'],
  ['/m/post/{id}', 'routes/m-post'],
  ['/user/{id}', 'routes/user'],
  ['/following', 'routes/following'],
  ['/mod', 'routes/theme-mod'],
  ['/beauty', 'routes/theme-beauty'],
  ['/travel', 'routes/theme-travel'],
  ['/exp', 'routes/theme-exp'],
  ['/tesla-tools', 'routes/theme-tesla'],
  ['/search', 'routes/search'],
  ['/messages', 'routes/messages'],
  ['/notification', 'routes/notification'],
  ['/radar', 'routes/radar'],
  ['/nearby', 'routes/nearby'],
  ['/near', 'routes/near'],
  ['/team/{id}', 'routes/team'],
  ['/test-team-creation', 'routes/test-team-creation'],
  ['/shop', 'routes/shop'],
  ['/shop/category/{path}', 'routes/shop-category'],
  ['/product/{id}', 'routes/product'],
  ['/cart', 'routes/cart'],
  ['/publish', 'routes/publish'],
  ['/settings', 'routes/settings'],
  ['/invite/{code}', 'routes/invite'],
  ['/m/scan/{code}', 'routes/m-scan'],
  ['/download', 'routes/download'],
  ['/privacy-policy', 'routes/privacy-policy'],
  ['/test-websocket', 'routes/test-websocket'],
  ['/admin/reports', 'routes/admin-reports'],
  ['/admin/products', 'routes/admin-products'],
  ['/vip', 'routes/vip'],
  ['/pay/sandbox/{tradeNo}', 'routes/pay-sandbox'],
  ['/checkout', 'routes/checkout'],
  ['/orders', 'routes/orders'],
  ['/orders/{id}', 'routes/order'],
  ['/admin/orders', 'routes/admin-orders'],
  ['/ai', 'routes/ai'],
  ['/lockchime', 'routes/lockchime'],
  ['/bookmarks', 'routes/bookmarks'],
  ['/go?url={url}', 'routes/go'],
  ['/admin/bookmarks', 'routes/admin-bookmarks'],
  ['/m/components/{name}', 'routes/m-components'],
  ['/post/components/{name}', 'routes/post-components'],
  ['/m/post/components/{name}', 'routes/m-post-components'],
  ['/pagination-test', 'routes/pagination-test'],
  ['/{404}', 'routes/not-found'],
] as const;

/** Route ids of the web build (but the root) that `pages` does not list. */
export async function unwatchedRoutes(
  webBuildDir: string,
  pages: readonly (readonly [string, string])[],
): Promise<string[]> {
  const build = (await import(pathToFileURL(path.join(webBuildDir, 'server', 'index.js')).href)) as {
    assets: BuildAssets;
  };
  const watched = new Set(pages.map(([, routeId]) => routeId));
  return Object.keys(build.assets.routes).filter((id) => id !== 'root' && !watched.has(id));
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Prints one line per page (compressed and raw size, files, the budget met or MISSED), then
 * the chunks of each page that missed it, the largest first.
 */
export function printFirstLoad(pages: FirstLoad[], unwatched: readonly string[] = []): void {
  const budget = kb(FIRST_LOAD_BUDGET_BYTES);
  console.log(`\nfirst-load JavaScript, Brotli as served (budget ${budget} KB):`);
  console.table(
    Object.fromEntries(
      pages.map((page) => [
        page.page,
        {
          'KB br': kb(page.br),
          'KB raw': kb(page.raw),
          files: page.chunks.length,
          [`≤ ${budget} KB`]: page.br <= FIRST_LOAD_BUDGET_BYTES ? 'met' : 'MISSED',
        },
      ]),
    ),
  );
  for (const page of pages.filter((p) => p.br > FIRST_LOAD_BUDGET_BYTES)) {
    console.log(`\nchunks of ${page.page} (${kb(page.br)} KB, over the budget):`);
    console.table(Object.fromEntries(page.chunks.map((c) => [c.file, { 'KB br': kb(c.br), 'KB raw': kb(c.raw) }])));
  }
  if (unwatched.length > 0) {
    console.log(`routes not watched (add them to WATCHED_PAGES, scripts/bench/first-load.ts): ${unwatched.join(', ')}`);
  }
}
