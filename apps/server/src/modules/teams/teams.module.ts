import {
  acceptTeamInvitation,
  cancelTeam,
  createTeam,
  disbandTeam,
  joinedTeams,
  leaveTeam,
  myTeams,
  nearbyTeams,
  radarTeams,
  rejectTeamInvitation,
  respondTeam,
  sendTeamChat,
  sendTeamInvitation,
  teamChatHistory,
  teamMembers,
  teamResponseStatus,
  teamResponses,
  userStats,
} from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import {
  acceptInvitation,
  teamChatHistory as readTeamChat,
  rejectInvitation,
  sendInvitations,
  sendTeamChat as sendToTeam,
} from './team-talk.ts';
import {
  userStats as countAround,
  countResponses,
  listJoinedTeams,
  listMembers,
  listMyTeams,
  listNearbyTeams,
  listRadarTeams,
  responseStatus,
} from './team-views.ts';
import * as service from './teams.service.ts';
import * as tables from './teams.tables.ts';

function teamDeps(app: FastifyInstance): service.TeamDeps {
  return { db: app.db, realtime: app.realtime, log: app.log };
}

/**
 * Teams (SPEC.md §7 "Nearby and teams"; docs/decisions/0017-teams.md): meetups near a
 * point, their members and answers, their chat (the chat module's team conversations)
 * and invitations (private messages with the team's card).
 */
export const teamsModule = defineModule({
  name: 'teams',
  tables,
  endpoints: (app) => {
    const deps = teamDeps(app);
    return [
      serve(createTeam, (input, { viewer }) => service.createTeam(deps, viewer.id, input)),
      serve(myTeams, (paging, { viewer }) => listMyTeams(app.db, viewer.id, paging)),
      serve(joinedTeams, (paging, { viewer }) => listJoinedTeams(app.db, viewer.id, paging)),
      serve(nearbyTeams, (query, { viewer }) => listNearbyTeams(app.db, viewer.id, query)),
      serve(radarTeams, (query, { viewer }) => listRadarTeams(app.db, viewer.id, query)),
      serve(respondTeam, ({ team_id, action }, { viewer }) => service.respondTeam(deps, viewer.id, team_id, action)),
      serve(teamResponses, ({ team_ids }, { viewer }) => countResponses(app.db, viewer.id, team_ids)),
      serve(teamResponseStatus, ({ team_id }, { viewer }) => responseStatus(app.db, viewer.id, team_id)),
      serve(teamMembers, ({ id }, { viewer }) => listMembers(app.db, viewer.id, id)),
      serve(leaveTeam, ({ team_id }, { viewer }) => service.leaveTeam(deps, viewer.id, team_id)),
      serve(cancelTeam, ({ team_id }, { viewer }) => service.cancelTeam(deps, viewer.id, team_id)),
      serve(disbandTeam, ({ team_id }, { viewer }) => service.disbandTeam(deps, viewer.id, team_id)),
      serve(userStats, (point, { viewer }) => countAround(app.db, viewer.id, point)),
      serve(teamChatHistory, ({ team_id, ...query }, { viewer }) => readTeamChat(app.db, viewer.id, team_id, query)),
      serve(sendTeamChat, ({ team_id, ...input }, { viewer }) => sendToTeam(deps, viewer.id, team_id, input)),
      serve(sendTeamInvitation, (input, { viewer }) => sendInvitations(deps, viewer.id, input)),
      serve(acceptTeamInvitation, (input, { viewer }) => acceptInvitation(deps, viewer.id, input)),
      serve(rejectTeamInvitation, (input, { viewer }) => rejectInvitation(deps, viewer.id, input)),
    ];
  },
  events: {
    // A deleted account's teams and memberships go with it (after the chat module's own
    // subscriber: its private conversations first, then the team chats, team by team).
    'account.deleted': { inTransaction: ({ userId }, tx) => service.forgetTeamsOf(tx, userId) },
  },
});
