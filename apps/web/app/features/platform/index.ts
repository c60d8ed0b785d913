// The platform feature's public face: the chunk-reload guard, the new-version banner, the
// page-wide effects (page views, viewport hint) and the site's own wording.
export { installChunkReloadGuard } from './chunk-reload.ts';
export { NewVersionBanner } from './new-version-banner.tsx';
export { PlatformEffects } from './platform-effects.tsx';
export { SITE_MESSAGES } from './site-messages.ts';
