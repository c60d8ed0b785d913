import {
  type EndpointData,
  formatMessage,
  myInvites,
  PAGE_SIZE,
  POINTS,
  type UserCard,
} from '@evcircle/contract/client';
import { Copy } from 'lucide-react';
import { UserRow } from '~/features/relations/index.ts';
import { useApi } from '~/lib/api.ts';
import { usePagedList } from '~/lib/use-paged-list.ts';
import { Button } from '~/ui/button.tsx';
import { useToast } from '~/ui/toast.tsx';
import { inviteLink } from './invite-link.ts';
import { INVITE_MESSAGES } from './messages.ts';

export type MyInvites = EndpointData<typeof myInvites>;

const SIZE = PAGE_SIZE.posts;

type MyInvitesProps = { first: MyInvites; publicUrl: string; imageBase: string; viewerId: number };

/** My invite code, its link with a copy button, and the people who signed up with it. */
export function MyInvitesSection({ first, publicUrl, imageBase, viewerId }: MyInvitesProps) {
  const api = useApi();
  const toast = useToast();
  const link = inviteLink(publicUrl, first.code);
  const { items, status, loadMore } = usePagedList<UserCard>({
    firstPage: first.users,
    size: SIZE,
    fetchPage: async (page) => (await api.call(myInvites, { page, size: SIZE })).users,
    keyOf: (u) => u.uid,
  });

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.show(INVITE_MESSAGES.copied, { tone: 'success' });
    } catch {
      // No clipboard on plain http or when the permission is refused: the link is on screen.
      toast.show(INVITE_MESSAGES.copyFailed, { tone: 'error' });
    }
  }

  return (
    <div>
      <div className="rounded-xl bg-primary-50 p-4 dark:bg-primary-950/40">
        <p className="text-xs text-primary-800 dark:text-primary-300">{INVITE_MESSAGES.myCode}</p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <span
            data-testid="my-invite-code"
            className="font-mono text-2xl font-bold tracking-[0.2em] text-primary-700 dark:text-primary-300"
          >
            {first.code}
          </span>
          <Button size="sm" onClick={copy} data-testid="copy-invite-link">
            <Copy aria-hidden="true" className="size-4" />
            {INVITE_MESSAGES.copyLink}
          </Button>
        </div>
        <p data-testid="my-invite-link" className="mt-2 break-all text-xs text-gray-600 select-all dark:text-gray-400">
          {link}
        </p>
      </div>
      <p className="mt-3 text-xs text-gray-500 dark:text-gray-400">
        {formatMessage(INVITE_MESSAGES.rules, {
          inviter: POINTS.inviter,
          invitee: POINTS.invitee,
          signup: POINTS.signup,
        })}
      </p>
      <h3 data-testid="invited-count" className="mt-5 text-sm font-medium">
        {formatMessage(INVITE_MESSAGES.invitedCount, { count: first.total })}
      </h3>
      {items.length === 0 && status === 'done' ? (
        <p className="py-6 text-center text-sm text-gray-500 dark:text-gray-400">{INVITE_MESSAGES.invitedEmpty}</p>
      ) : (
        <ul data-testid="invited-users" className="-mx-4 divide-y divide-gray-100 dark:divide-gray-800">
          {items.map((user) => (
            <UserRow key={user.uid} user={user} imageBase={imageBase} viewerId={viewerId} />
          ))}
        </ul>
      )}
      {status === 'idle' || status === 'error' || status === 'loading' ? (
        <div className="flex flex-col items-center gap-2 pt-2">
          {status === 'error' ? (
            <span role="alert" className="text-xs text-red-600 dark:text-red-400">
              {INVITE_MESSAGES.loadFailed}
            </span>
          ) : null}
          <Button variant="ghost" size="sm" disabled={status === 'loading'} onClick={() => void loadMore()}>
            {status === 'error' ? INVITE_MESSAGES.retry : INVITE_MESSAGES.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
