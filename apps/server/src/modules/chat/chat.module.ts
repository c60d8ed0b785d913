import {
  chatCreateSession,
  chatFriends,
  chatHistory,
  chatSend,
  groupChats,
  markAsRead,
  messagesList,
  privateChats,
  searchFriends,
} from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../platform/endpoints.ts';
import { defineModule } from '../../platform/module.ts';
import { realtimeOf, teamRoom } from '../../platform/realtime.ts';
import { listFriends } from '../relations/index.ts';
import { deleteConversationsOf } from './account-deletion.ts';
import { handleChatSocket } from './chat.socket.ts';
import './chat.events.ts';
import * as tables from './chat.tables.ts';
import { listConversations, openPrivateConversation } from './conversations.service.ts';
import type { ChatDeps } from './delivery.ts';
import { readHistory } from './history.service.ts';
import { pushChangedInvitations } from './invitations.service.ts';
import { markRead } from './mark-read.service.ts';
import { sendMessage } from './send.service.ts';

function chatDeps(app: FastifyInstance): ChatDeps {
  return { db: app.db, realtime: app.realtime, log: app.log };
}

/**
 * Chat (0014-chat.md): private conversations, and the team chats the teams module opens
 * (0017-teams.md); messages, read state, live delivery over /realtime.
 */
export const chatModule = defineModule({
  name: 'chat',
  tables,
  endpoints: (app) => {
    const deps = chatDeps(app);
    return [
      serve(chatCreateSession, ({ receiver_id }, { viewer }) =>
        openPrivateConversation(app.db, viewer.id, receiver_id),
      ),
      serve(chatSend, (input, { viewer }) => sendMessage(deps, viewer.id, input)),
      serve(chatHistory, (query, { viewer }) => readHistory(app.db, viewer.id, query)),
      serve(messagesList, ({ idx, size }, { viewer }) =>
        listConversations(app.db, viewer.id, 'all', { page: idx, size }),
      ),
      serve(privateChats, ({ idx, size }, { viewer }) =>
        listConversations(app.db, viewer.id, 'private', { page: idx, size }),
      ),
      serve(groupChats, ({ idx, size }, { viewer }) =>
        listConversations(app.db, viewer.id, 'group', { page: idx, size }),
      ),
      serve(chatFriends, ({ type, idx, size, word }, { viewer }) =>
        listFriends(app.db, viewer.id, { type, page: idx, size, word }),
      ),
      serve(searchFriends, ({ search, type, idx, size }, { viewer }) =>
        listFriends(app.db, viewer.id, { type, page: idx, size, word: search }),
      ),
      serve(markAsRead, (target, { viewer }) => markRead(deps, viewer.id, target)),
    ];
  },
  routes: async (app) => {
    const deps = chatDeps(app);
    app.realtime.onUserSocket((socket) => handleChatSocket(deps, socket));
  },
  events: {
    'account.deleted': { inTransaction: ({ userId }, tx) => deleteConversationsOf(tx, userId) },
    // Team chat rooms follow membership once it has committed (every process's sockets,
    // through the adapter).
    'chat.team.joined': {
      afterCommit: async ({ teamId, userId }, db) => realtimeOf(db)?.joinRoom(userId, teamRoom(teamId)),
    },
    'chat.team.left': {
      afterCommit: async ({ teamId, userId }, db) => realtimeOf(db)?.leaveRoom(userId, teamRoom(teamId)),
    },
    'chat.team.closed': { afterCommit: async ({ teamId }, db) => realtimeOf(db)?.closeRoom(teamRoom(teamId)) },
    'chat.invitations.changed': { afterCommit: ({ messageIds }, db) => pushChangedInvitations(db, messageIds) },
  },
});
