// The teams feature's public face: a team's page (members, answers, actions, the team
// chat), its 404, the create form of /test-team-creation, and a team as lists show it
// (附近的车队 on /nearby and the radar). The chat, the invite sheet, the 404 and the form
// load with use.
export { CreateTeamForm } from './lazy-create-team-form.tsx';
export { TeamNotFound } from './lazy-team-not-found.tsx';
export { TEAMS_MESSAGES } from './messages.ts';
export { TeamPageView } from './team-page-view.tsx';
export { TeamRow, TeamStatusBadge } from './team-row.tsx';
