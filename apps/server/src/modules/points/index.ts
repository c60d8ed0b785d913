// The points module's public face: a user's balance (the account view shows it).
export { pointsModule } from './points.module.ts';
export { grantPoints, pointsBalance } from './points.service.ts';
