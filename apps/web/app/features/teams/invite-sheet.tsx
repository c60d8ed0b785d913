import {
  ApiError,
  chatFriends,
  formatMessage,
  PAGE_SIZE,
  resolveMediaUrl,
  sendTeamInvitation,
  TEAM_INVITE_MAX_RECEIVERS,
  type UserCard,
} from '@evcircle/contract/client';
import { Check, LoaderCircle, Send } from 'lucide-react';
import { useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { useLoadMoreSentinel, usePagedList } from '~/lib/use-paged-list.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { ListFooter } from '~/ui/list-footer.tsx';
import { Sheet } from '~/ui/sheet.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';
import { useToast } from '~/ui/toast.tsx';
import { TEAMS_MESSAGES } from './messages.ts';

const SIZE = PAGE_SIZE.chats;

type InviteSheetProps = { open: boolean; onClose: () => void; teamId: string; imageBase: string };

/**
 * 邀请好友: the viewer's mutual follows to tick (up to TEAM_INVITE_MAX_RECEIVERS), an
 * optional word, and one send; each friend gets the invitation as a private message with
 * 接受 / 拒绝. Who could not be invited (already in, a block, the stranger limit) is said.
 */
export function InviteSheet({ open, onClose, teamId, imageBase }: InviteSheetProps) {
  const api = useApi();
  const toast = useToast();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [message, setMessage] = useState('');
  const [isSending, setSending] = useState(false);
  const { items, status, loadMore } = usePagedList<UserCard>({
    firstPage: null,
    isEager: true,
    size: SIZE,
    fetchPage: async (page) => (await api.call(chatFriends, { type: 'mutual', idx: page, size: SIZE, word: '' })).items,
    keyOf: (person) => person.uid,
  });
  const sentinel = useLoadMoreSentinel(status, () => void loadMore(), '0px 0px 300px 0px');

  const toggle = (uid: number) =>
    setChosen((all) => {
      const next = new Set(all);
      if (next.has(uid)) next.delete(uid);
      else if (next.size < TEAM_INVITE_MAX_RECEIVERS) next.add(uid);
      else toast.show(formatMessage(TEAMS_MESSAGES.inviteMax, { max: TEAM_INVITE_MAX_RECEIVERS }));
      return next;
    });

  const send = async () => {
    if (chosen.size === 0 || isSending) return;
    setSending(true);
    try {
      const answer = await api.call(sendTeamInvitation, {
        team_id: teamId,
        receiver_ids: [...chosen].join(','),
        message: message.trim(),
      });
      if (answer.sent.length > 0) {
        toast.show(formatMessage(TEAMS_MESSAGES.inviteSent, { count: answer.sent.length }), { tone: 'success' });
      }
      if (answer.skipped.length > 0) {
        toast.show(formatMessage(TEAMS_MESSAGES.inviteSkipped, { count: answer.skipped.length }));
      }
      setChosen(new Set());
      setMessage('');
      onClose();
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : TEAMS_MESSAGES.inviteFailed, { tone: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Sheet open={open} onClose={onClose} title={TEAMS_MESSAGES.inviteTitle} data-testid="invite-sheet">
      <p className="px-4 pt-3 text-xs text-gray-500 dark:text-gray-400">{TEAMS_MESSAGES.inviteHint}</p>
      {items.length === 0 && status === 'done' ? (
        <p className="px-4 py-12 text-center text-sm text-gray-500 dark:text-gray-400">{TEAMS_MESSAGES.inviteNone}</p>
      ) : (
        <ul className="py-2" aria-busy={status === 'loading'}>
          {items.map((person) => {
            const isChosen = chosen.has(person.uid);
            return (
              <li key={person.uid}>
                <label
                  data-testid="invite-friend"
                  data-uid={person.uid}
                  className="flex cursor-pointer items-center gap-3 px-4 py-2.5 hover:bg-gray-50 has-[:focus-visible]:bg-gray-50 dark:hover:bg-gray-800/60 dark:has-[:focus-visible]:bg-gray-800/60"
                >
                  <Avatar src={resolveMediaUrl(person.avatar, imageBase)} name={person.nickname} size={40} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{person.nickname}</span>
                    {person.car_model ? (
                      <span className="block truncate text-xs text-gray-500 dark:text-gray-400">
                        {person.car_model}
                      </span>
                    ) : null}
                  </span>
                  <input
                    type="checkbox"
                    checked={isChosen}
                    onChange={() => toggle(person.uid)}
                    className="peer sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className={cn(
                      'flex size-5 shrink-0 items-center justify-center rounded-full border peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-500',
                      isChosen
                        ? 'border-primary-600 bg-primary-600 text-white'
                        : 'border-gray-300 dark:border-gray-600',
                    )}
                  >
                    {isChosen ? <Check className="size-3.5" strokeWidth={3} /> : null}
                  </span>
                </label>
              </li>
            );
          })}
          {status === 'loading'
            ? [1, 2, 3].map((id) => (
                <li key={id} aria-hidden="true" className="flex items-center gap-3 px-4 py-2.5">
                  <Skeleton className="size-10 shrink-0 rounded-full" />
                  <Skeleton className="h-3.5 w-28" />
                </li>
              ))
            : null}
        </ul>
      )}
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {status === 'error' ? (
        <ListFooter status={status} onLoadMore={loadMore} messages={{ failed: TEAMS_MESSAGES.inviteLoadFailed }} />
      ) : null}
      <div className="sticky bottom-0 flex flex-col gap-2 border-t border-gray-100 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
        <label className="block">
          <span className="sr-only">{TEAMS_MESSAGES.inviteMessage}</span>
          <input
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            maxLength={200}
            placeholder={TEAMS_MESSAGES.inviteMessagePlaceholder}
            data-testid="invite-message"
            className="h-10 w-full rounded-full border border-gray-200 bg-gray-50 px-4 text-sm outline-none focus:border-primary-500 focus:bg-white dark:border-gray-700 dark:bg-gray-800 dark:focus:border-primary-400"
          />
        </label>
        <Button onClick={() => void send()} disabled={chosen.size === 0 || isSending} data-testid="invite-send">
          {isSending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {formatMessage(TEAMS_MESSAGES.inviteSend, { count: chosen.size })}
        </Button>
      </div>
    </Sheet>
  );
}
