import {
  ApiError,
  CHIME_PAGE_SIZE,
  type Chime,
  chimeDetail,
  chimePopular,
  postDetail,
  resolveMediaUrl,
  STATUS,
} from '@evcircle/contract/client';
import { LOCKCHIME_MESSAGES, LockchimePage, type LockchimePageProps } from '~/features/lockchime/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/lockchime';

/** A positive integer id of the query, or null. */
function idParam(url: URL, name: string): number | null {
  const value = Number(url.searchParams.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === STATUS.NOT_FOUND || error.status === STATUS.VALIDATION_FAILED);
}

/**
 * /lockchime (issue 19; docs/decisions/0023-media.md): the Tesla lock-chime maker and
 * audio extraction (?tab=extract), from a file, a post's video (?pid=) or a shared chime
 * (?chime=), and the popular shared chimes. The server renders the shell and the lists;
 * the tools load in the browser.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<LockchimePageProps> {
  const url = new URL(request.url);
  const api = serverApi(context);
  const pid = idParam(url, 'pid');
  const chimeId = idParam(url, 'chime');
  const [post, chime, popular] = await Promise.allSettled([
    pid === null ? Promise.resolve(null) : api.call(postDetail, { pid }).then((rows) => rows[0] ?? null),
    chimeId === null ? Promise.resolve(null) : api.call(chimeDetail, { id: chimeId }),
    api.call(chimePopular, { page: 1, size: CHIME_PAGE_SIZE }),
  ]);
  let postState: LockchimePageProps['post'] = null;
  if (pid !== null) {
    const found = post.status === 'fulfilled' ? post.value : null;
    if (post.status === 'rejected' && !isNotFound(post.reason)) console.error('[lockchime] post failed', post.reason);
    if (!found) postState = { state: 'missing' };
    else if (!found.viosrc) postState = { state: 'not-video' };
    else {
      postState = {
        state: 'video',
        pid,
        source: {
          url: resolveMediaUrl(found.viosrc, context.publicConfig.imageBase),
          name: `post-${pid}.mp4`,
          label: LOCKCHIME_MESSAGES.sourceFromPost,
        },
      };
    }
  }
  let sharedChime: Chime | null = null;
  if (chime.status === 'fulfilled') sharedChime = chime.value;
  else if (!isNotFound(chime.reason)) console.error('[lockchime] chime failed', chime.reason);
  if (popular.status === 'rejected') console.error('[lockchime] popular failed', popular.reason);
  return {
    tab: url.searchParams.get('tab') === 'extract' ? 'extract' : 'chime',
    post: postState,
    chime: sharedChime,
    chimeMissing: chimeId !== null && sharedChime === null,
    popular: popular.status === 'fulfilled' ? popular.value : null,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.chime ? `${data.chime.title} · ${LOCKCHIME_MESSAGES.pageTitle}` : LOCKCHIME_MESSAGES.pageTitle },
  { name: 'description', content: LOCKCHIME_MESSAGES.pageDescription },
];

export default function LockchimeRoute({ loaderData }: Route.ComponentProps) {
  return <LockchimePage {...loaderData} />;
}
