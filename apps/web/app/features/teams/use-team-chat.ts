import { ApiError, markAsRead, sendTeamChat, TALK_TYPE, teamChatHistory } from '@evcircle/contract/client';
import { useRef } from 'react';
import { type HistoryPage, CHAT_PAGE_SIZE as SIZE, useMessageList } from '~/features/chat/index.ts';
import { useApi } from '~/lib/api.ts';
import { TEAMS_MESSAGES } from './messages.ts';

type Options = {
  teamId: string;
  /** The chat is on screen in a tab in front: what arrives is read at once. */
  isReading: boolean;
};

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return TEAMS_MESSAGES.actionFailed;
}

/**
 * One team's chat, for a member: chat's message list over the team endpoints, with no
 * read receipts or typing. Older pages go by page number (pages count back from the
 * newest, so a page fetched after new messages overlaps the one before it; merging by id
 * drops the repeats); live messages come through the team's room; reading marks the
 * whole chat up to its newest message.
 */
export function useTeamChat({ teamId, isReading }: Options) {
  const api = useApi();
  const numericId = Number(teamId);
  const pagesLoaded = useRef(0);
  const newest = () => api.call(teamChatHistory, { team_id: teamId, page: 1, size: SIZE });
  return useMessageList<HistoryPage>({
    chatKey: teamId,
    isReading,
    source: {
      open: newest,
      onOpened: () => {
        pagesLoaded.current = 1;
      },
      newest,
      older: async () => {
        const next = pagesLoaded.current + 1;
        const page = await api.call(teamChatHistory, { team_id: teamId, page: next, size: SIZE });
        pagesLoaded.current = next;
        return page;
      },
      since: (sinceId) => api.call(teamChatHistory, { team_id: teamId, since_id: sinceId, limit: SIZE }),
      isOwnChat: (message) => message.talk_type === TALK_TYPE.group && message.team_id === numericId,
      send: async (message) => {
        const answer = await api.call(sendTeamChat, {
          team_id: teamId,
          msg_type: message.msgType,
          content: message.content,
          media_src: message.mediaSrc,
          client_msg_id: message.clientMsgId,
        });
        return answer.message;
      },
      readUpTo: (messages) => messages.at(-1)?.id ?? 0,
      markRead: () => api.call(markAsRead, { message_type: 'group', id: numericId }),
      openErrorText: errorText,
      sendErrorText: errorText,
    },
  });
}
