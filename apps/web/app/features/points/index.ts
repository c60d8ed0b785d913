// The points feature's public face: the settings section's balance, check-in and ledger.

export { PointsLedger } from './lazy-points-ledger.tsx';
export { POINTS_MESSAGES } from './messages.ts';
export { PointsCard } from './points-card.tsx';
