// The nearby feature's public face: the pages that measure from the viewer's place
// (/radar, /nearby, /near), the place gate other pages reuse (the team form on
// /test-team-creation: why the position is wanted, the device or a city, 隐身), and how
// the place reads.
export { NEARBY_MESSAGES } from './messages.ts';
export { NearPage } from './near-page.tsx';
export { NearbyPage } from './nearby-page.tsx';
export { PlaceGate } from './place-gate.tsx';
export type { Place } from './position.ts';
export { RadarPage } from './radar-page.tsx';
export { usePlaceLabel } from './use-place-label.ts';
