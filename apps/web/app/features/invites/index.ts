// The invites feature's public face: the /invite/{code} landing page and its 404, the
// invite link, and the settings section with my code and whom I invited.
export { InviteLanding } from './invite-landing.tsx';
export { inviteLink } from './invite-link.ts';
export { InviteNotFound } from './lazy-invite-not-found.tsx';
export { MyInvitesSection } from './lazy-my-invites.tsx';
export { INVITE_MESSAGES } from './messages.ts';
