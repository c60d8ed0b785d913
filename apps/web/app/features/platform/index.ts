// The platform feature's public face: the chunk-reload guard, the page-wide
// effects (page views, viewport hint, the new-version banner) and the site's own wording.
export { installChunkReloadGuard } from './chunk-reload.ts';
export { PlatformEffects } from './lazy-platform-effects.tsx';
export { SITE_MESSAGES } from './site-messages.ts';
