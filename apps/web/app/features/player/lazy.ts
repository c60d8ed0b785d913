import { lazyComponent } from '~/lib/lazy-component.ts';

/**
 * The player's cover and the video-site embed of a text, their code apart from a page's first
 * load: the server renders them in place, and the browser fetches them after the page.
 */
export const LazyVideoPlayer = lazyComponent(() => import('./video-player.tsx').then((module) => module.VideoPlayer));
export const LazyTextVideoEmbed = lazyComponent(() =>
  import('./text-embed.tsx').then((module) => module.TextVideoEmbed),
);
