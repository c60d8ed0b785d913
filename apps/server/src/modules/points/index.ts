// The points module's public face: a user's balance (the account view shows it), grants
// and spends through the ledger.
export { pointsModule } from './points.module.ts';
export { grantPoints, pointsBalance, spendPoints } from './points.service.ts';
