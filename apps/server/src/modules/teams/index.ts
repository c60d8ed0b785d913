// The teams module's public face: its descriptor. Nothing else reads its tables; the
// notify module learns of teams from the events it announces (teams.events.ts).
import './teams.events.ts';

export { teamsModule } from './teams.module.ts';
