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
import { listFriends } from '../relations/index.ts';
import { deleteConversationsOf } from './account-deletion.ts';
import { handleChatSocket } from './chat.socket.ts';
import * as tables from './chat.tables.ts';
import { listPrivateConversations, openPrivateConversation } from './conversations.service.ts';
import type { ChatDeps } from './delivery.ts';
import { readHistory } from './history.service.ts';
import { markRead } from './mark-read.service.ts';
import { sendMessage } from './send.service.ts';

const NO_CONVERSATIONS = { items: [], hasMore: false, unread_total: 0 };

function chatDeps(app: FastifyInstance): ChatDeps {
  return { db: app.db, realtime: app.realtime, log: app.log };
}

/** Private chat (0014-chat.md): conversations, messages, read state, live delivery over /realtime. */
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
      // Every conversation is a private one until teams exist.
      serve(messagesList, ({ idx, size }, { viewer }) =>
        listPrivateConversations(app.db, viewer.id, { page: idx, size }),
      ),
      serve(privateChats, ({ idx, size }, { viewer }) =>
        listPrivateConversations(app.db, viewer.id, { page: idx, size }),
      ),
      serve(groupChats, () => NO_CONVERSATIONS),
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
  },
});
