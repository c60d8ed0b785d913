import { IMAGE_SRCSET_WIDTHS, imageResizeSuffix } from '@evcircle/contract/client';

/** The part of React Router's browser manifest (`window.__reactRouterManifest`) read here. */
export type RouteManifest = {
  routes: Record<string, { module: string; imports?: string[]; css?: string[] } | undefined>;
};

/**
 * The screen a phone reader opens next: a post (the post page, and its phone rendering
 * /m/post/{id}); its stylesheets and code are fetched ahead.
 */
export const NEXT_SCREEN_ROUTES = ['routes/post', 'routes/m-post'] as const;

/** How many images are fetched ahead (SPEC.md §2: two mobile images). */
export const PRELOADED_IMAGES = 2;

/** The stylesheets and code modules of `routeIds`, each once, in the manifest's order. */
export function nextScreenAssets(
  manifest: RouteManifest,
  routeIds: readonly string[],
): { styles: string[]; modules: string[] } {
  const styles = new Set<string>();
  const modules = new Set<string>();
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) continue;
    for (const href of route.css ?? []) styles.add(href);
    modules.add(route.module);
    for (const href of route.imports ?? []) modules.add(href);
  }
  return { styles: [...styles], modules: [...modules] };
}

const RESIZE_QUERY = /\?imageView2\/2\/w\/\d+(\/format\/webp)?$/;

/**
 * The address the post's image carousel loads on this phone for a feed card's cover
 * (the 480 px card size): the same picture at the smallest srcset width that fills the
 * screen's device pixels, as the browser picks from the carousel's srcset (`sizes` 100vw
 * on phones). Null for a cover that is not a resized picture of ours (a video frame).
 */
export function carouselImageUrl(coverSrc: string, viewportWidth: number, pixelRatio: number): string | null {
  if (!RESIZE_QUERY.test(coverSrc)) return null;
  const original = coverSrc.replace(RESIZE_QUERY, '');
  const needed = viewportWidth * pixelRatio;
  const width = IMAGE_SRCSET_WIDTHS.find((candidate) => candidate >= needed) ?? IMAGE_SRCSET_WIDTHS.at(-1) ?? 480;
  return `${original}${imageResizeSuffix(width)}`;
}

function addHint(rel: string, href: string, as?: string) {
  if (document.head.querySelector(`link[href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (as) link.as = as;
  link.dataset.mobilePreload = '';
  document.head.append(link);
}

/**
 * Fetches ahead, at low priority, what the phone reader's next screen needs: the post
 * page's stylesheets and code (from the router's manifest), and the carousel-size images
 * of the first two posts listed on this page. Each hint is marked `data-mobile-preload`.
 */
export function preloadNextMobileScreen(): void {
  const manifest = (window as { __reactRouterManifest?: RouteManifest }).__reactRouterManifest;
  const { styles, modules } = manifest ? nextScreenAssets(manifest, NEXT_SCREEN_ROUTES) : { styles: [], modules: [] };
  for (const href of styles) addHint('prefetch', href, 'style');
  for (const href of modules) addHint('modulepreload', href);
  const images: string[] = [];
  for (const img of document.querySelectorAll<HTMLImageElement>('a[href^="/post/"] img, a[href^="/m/post/"] img')) {
    const url = carouselImageUrl(img.getAttribute('src') ?? '', window.innerWidth, window.devicePixelRatio || 1);
    if (url && !images.includes(url)) images.push(url);
    if (images.length === PRELOADED_IMAGES) break;
  }
  for (const href of images) addHint('prefetch', href, 'image');
}
