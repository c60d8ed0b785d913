import { resolveMediaUrl } from '@evcircle/contract/client';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CHAT_MESSAGES,
  Composer,
  chatRows,
  HistorySkeleton,
  ImageViewer,
  MessageList,
  OpenFailed,
  useChatScroll,
  useDocumentVisible,
} from '~/features/chat/index.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { cn } from '~/ui/cn.ts';
import { TEAMS_MESSAGES } from './messages.ts';
import { useTeamChat } from './use-team-chat.ts';

/** Who wrote: the team's members by id (someone who left is 车友). */
export type ChatPeople = ReadonlyMap<number, { nickname: string; avatar: string }>;

export type TeamChatProps = {
  teamId: string;
  viewer: { uid: number; nickname: string; avatar: string };
  people: ChatPeople;
  /** The team takes no more messages (ended, cancelled): the history stays readable. */
  isClosed: boolean;
  isMobile: boolean;
  imageBase: string;
};

/**
 * 车队群聊: the team's messages with day separators and who wrote each, older ones on
 * request (the place on screen kept), live messages, the viewer's own on their way (or
 * failed, with 重新发送), and private chat's composer (emoji, images).
 */
export function TeamChat({ teamId, viewer, people, isClosed, isMobile, imageBase }: TeamChatProps) {
  const isVisible = useDocumentVisible();
  const chat = useTeamChat({ teamId, isReading: isVisible });
  const [viewing, setViewing] = useState<string | null>(null);
  const rows = chatRows(chat.messages, chat.pending, viewer.uid);
  const lastRow = rows.at(-1);
  const { scroller, onScroll } = useChatScroll({
    firstId: chat.messages[0]?.id ?? 0,
    lastKey: lastRow?.key ?? '',
    isLastOwn: lastRow?.isOwn ?? false,
  });

  const ownAvatar = resolveMediaUrl(viewer.avatar, imageBase);
  return (
    <section
      data-testid="team-chat"
      aria-label={TEAMS_MESSAGES.chatHeading}
      className="flex h-[70dvh] min-h-[420px] flex-col overflow-hidden rounded-2xl bg-gray-50 ring-1 ring-gray-900/5 md:h-[600px] dark:bg-gray-950 dark:ring-white/10"
    >
      <h2 className="shrink-0 border-b border-gray-200 bg-white px-4 py-3 text-[15px] font-semibold dark:border-gray-800 dark:bg-gray-900">
        {TEAMS_MESSAGES.chatHeading}
      </h2>
      <div
        ref={scroller}
        onScroll={onScroll}
        data-testid="team-chat-messages"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
      >
        <div className="flex min-h-full flex-col justify-end px-3 pt-2 pb-3 md:px-5">
          {chat.status === 'loading' ? <HistorySkeleton /> : null}
          {chat.status === 'error' ? <OpenFailed message={chat.loadError} onRetry={chat.retryOpen} /> : null}
          {chat.status === 'ready' ? (
            <>
              <OlderLine status={chat.older} onLoad={() => void chat.loadOlder()} isEmpty={rows.length === 0} />
              <MessageList
                rows={rows}
                lookOf={(row, sameDayBefore) => {
                  const person = people.get(row.senderId);
                  const name = row.isOwn ? viewer.nickname : (person?.nickname ?? TEAMS_MESSAGES.someone);
                  const avatar = row.isOwn ? ownAvatar : resolveMediaUrl(person?.avatar ?? '', imageBase);
                  // Consecutive messages of one person on one day show their name once.
                  const isFollowUp = sameDayBefore?.senderId === row.senderId;
                  return {
                    avatar: isFollowUp ? (
                      <span aria-hidden="true" className="w-9 shrink-0" />
                    ) : row.isOwn ? (
                      <Avatar src={avatar} name={name} size={36} className="mt-0.5" />
                    ) : (
                      <Link to={`/user/${row.senderId}`} aria-label={name} className="mt-0.5 shrink-0">
                        <Avatar src={avatar} name={name} size={36} />
                      </Link>
                    ),
                    sender: row.isOwn || isFollowUp ? undefined : name,
                    // No read receipts in a team: only an own message on its way has a state.
                    state: row.kind === 'pending' ? row.message.state : null,
                  };
                }}
                imageBase={imageBase}
                onViewImage={setViewing}
                onRetry={chat.retry}
                testIds={{ row: 'team-chat-message' }}
              />
            </>
          ) : null}
        </div>
      </div>
      {isClosed ? (
        <p className="shrink-0 border-t border-gray-200 bg-white px-4 py-3 text-center text-sm text-gray-500 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
          {TEAMS_MESSAGES.chatClosed}
        </p>
      ) : (
        <Composer
          hint={null}
          isDisabled={chat.status !== 'ready'}
          isMobile={isMobile}
          onSendText={chat.sendText}
          onSendImage={chat.sendImage}
        />
      )}
      <ImageViewer src={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}

function OlderLine({ status, onLoad, isEmpty }: { status: string; onLoad: () => void; isEmpty: boolean }) {
  if (status === 'done') {
    return (
      <p className="py-3 text-center text-xs text-gray-400 dark:text-gray-500">
        {isEmpty ? TEAMS_MESSAGES.chatEmpty : CHAT_MESSAGES.historyStart}
      </p>
    );
  }
  return (
    <button
      type="button"
      onClick={onLoad}
      disabled={status === 'loading'}
      className={cn(
        'mx-auto my-2 inline-flex items-center gap-1.5 text-xs hover:underline',
        status === 'error' ? 'text-red-600 dark:text-red-400' : 'text-primary-700 dark:text-primary-300',
      )}
    >
      {status === 'loading' ? <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" /> : null}
      {status === 'error'
        ? CHAT_MESSAGES.olderFailed
        : status === 'loading'
          ? CHAT_MESSAGES.loadingHistory
          : TEAMS_MESSAGES.olderMessages}
    </button>
  );
}
