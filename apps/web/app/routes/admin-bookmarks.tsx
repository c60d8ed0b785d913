import { bookmarkBlockedDomains } from '@evcircle/contract/client';
import { AdminRefusal } from '~/features/auth/index.ts';
import { BlockedDomains, BOOKMARKS_MESSAGES } from '~/features/bookmarks/index.ts';
import { adminDenied } from '~/lib/admin-page.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/admin-bookmarks';

/** /admin/bookmarks (a path of our own, like /admin/reports): the domains nobody may bookmark. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const items = await serverApi(context).call(bookmarkBlockedDomains, {});
    return { state: 'ok' as const, items };
  } catch (error) {
    // Logged out and not an admin are states of this page, not failures.
    const denied = adminDenied(error);
    if (denied) return denied;
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: BOOKMARKS_MESSAGES.adminTitle },
  { name: 'robots', content: 'noindex' },
];

export default function AdminBookmarksPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-3 pt-4 pb-10 md:px-6 md:pt-8">
      <h1 className="mb-3 px-1 text-xl font-bold md:text-2xl">{BOOKMARKS_MESSAGES.adminHeading}</h1>
      <AdminRefusal
        state={loaderData.state}
        messages={{
          guestTitle: BOOKMARKS_MESSAGES.adminGuestTitle,
          guestHint: BOOKMARKS_MESSAGES.adminGuestHint,
          forbiddenTitle: BOOKMARKS_MESSAGES.adminForbiddenTitle,
          forbiddenHint: BOOKMARKS_MESSAGES.adminForbiddenHint,
        }}
      />
      {loaderData.state === 'ok' ? <BlockedDomains firstItems={loaderData.items} /> : null}
    </div>
  );
}
