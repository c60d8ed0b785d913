import { ApiError, type Draft, draftCount, draftInfo, STATUS } from '@evcircle/contract/client';
import { SquarePen } from 'lucide-react';
import type { ShouldRevalidateFunction } from 'react-router';
import { LoginPrompt, useViewer } from '~/features/auth/index.ts';
import { Composer, isOwnComposerUrl, PUBLISH_MESSAGES } from '~/features/posts/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/publish';

function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === STATUS.NOT_FOUND || error.status === STATUS.VALIDATION_FAILED);
}

/**
 * The composer (docs/decisions/0007-publish-route.md). Logged out: the login prompt.
 * `?did=` resumes that draft of the viewer's; one that is gone opens an empty composer
 * and says so; `?drafts=1` opens the drafts list. `loadId` is new on every load, so the composer starts afresh each time.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const loadId = crypto.randomUUID();
  let count: number | null = null;
  try {
    count = (await api.call(draftCount, {})).count;
  } catch (error) {
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const, loadId };
    console.error('[publish] draft count failed', error);
  }

  const params = new URL(request.url).searchParams;
  const didParam = params.get('did');
  let draft: Draft | null = null;
  let isDraftMissing = false;
  if (didParam !== null) {
    if (/^\d{1,15}$/.test(didParam) && Number(didParam) > 0) {
      try {
        draft = await api.call(draftInfo, { did: Number(didParam) });
      } catch (error) {
        if (!isGone(error)) throw error;
        isDraftMissing = true;
      }
    } else {
      isDraftMissing = true;
    }
  }
  return {
    state: 'ok' as const,
    loadId,
    draft,
    isDraftMissing,
    // `?drafts=1` (草稿箱 on the viewer's profile) opens with the drafts list shown.
    isDraftsOpen: params.get('drafts') === '1',
    draftCount: count,
    imageBase: context.publicConfig.imageBase,
  };
}

/**
 * The composer keeps `?did=` in step with the draft it saves (a replace navigation); that
 * address change must not reload the draft the editor already holds. Everything else (an
 * explicit revalidation after a login, another draft opened) loads as usual.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (currentUrl.href !== nextUrl.href && isOwnComposerUrl(nextUrl)) return false;
  return defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = () => [
  { title: PUBLISH_MESSAGES.documentTitle },
  { name: 'robots', content: 'noindex' },
];

export default function PublishPage({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer();
  if (loaderData.state === 'guest' || !viewer) {
    return (
      <div className="mx-auto max-w-3xl px-3 pt-4 md:px-6 md:pt-8">
        <h1 className="px-1 text-xl font-bold md:text-2xl">{PUBLISH_MESSAGES.heading}</h1>
        <LoginPrompt
          icon={SquarePen}
          title={PUBLISH_MESSAGES.guestTitle}
          hint={PUBLISH_MESSAGES.guestHint}
          testId="publish-guest"
        />
      </div>
    );
  }
  return (
    <Composer
      key={loaderData.loadId}
      draft={loaderData.draft}
      isDraftMissing={loaderData.isDraftMissing}
      isDraftsOpen={loaderData.isDraftsOpen}
      draftCount={loaderData.draftCount}
      imageBase={loaderData.imageBase}
    />
  );
}
