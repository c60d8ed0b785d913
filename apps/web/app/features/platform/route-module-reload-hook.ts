/**
 * The window property through which React Router's route-module loader asks our chunk
 * guard what to do when a route module fails to load. Shared by the build plugin that
 * patches React Router (vite-plugins/guard-route-module-reload.ts) and the guard
 * (chunk-reload.ts).
 */
export const ROUTE_MODULE_RELOAD_HOOK = '__evcircleRouteModuleFailed';
