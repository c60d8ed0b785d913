// The points module's public face: a user's balance (the account view shows it).
export { pointsModule } from './points.module.ts';
export { pointsBalance } from './points.service.ts';
