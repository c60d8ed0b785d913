// The legacy feature's public face: where an old address of SPEC.md §2 now lives.
export { legacyRedirectTarget } from './legacy-redirects.ts';
