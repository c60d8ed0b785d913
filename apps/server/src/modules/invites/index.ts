// The invites module's public face: its descriptor only.
export { invitesModule } from './invites.module.ts';
