import { AI_GALLERY_PAGE_SIZE, ApiError, aiGallery, aiGenerationInfo, STATUS } from '@evcircle/contract/client';
import { AI_MESSAGES, AiPage, type AiPageProps } from '~/features/ai/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/ai';

/**
 * /ai (SPEC.md lists no path for the AI tools: docs/decisions/0022-ai.md): text to image
 * and video, today's uses, and the viewer's works. A visitor reads what the tools do and is
 * asked to log in.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<AiPageProps> {
  const api = serverApi(context);
  const [info, gallery] = await Promise.allSettled([
    api.call(aiGenerationInfo, {}),
    api.call(aiGallery, { page: 1, size: AI_GALLERY_PAGE_SIZE, kind: 'all' }),
  ]);
  if (info.status === 'rejected') {
    if (info.reason instanceof ApiError && info.reason.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' };
    console.error('[ai] generation info failed', info.reason);
  }
  if (gallery.status === 'rejected') console.error('[ai] gallery failed', gallery.reason);
  return {
    state: 'ok',
    info: info.status === 'fulfilled' ? info.value : null,
    gallery: gallery.status === 'fulfilled' ? gallery.value.items : null,
    imageBase: context.publicConfig.imageBase,
  };
}

export const meta: Route.MetaFunction = () => [
  { title: AI_MESSAGES.pageTitle },
  { name: 'description', content: AI_MESSAGES.pageDescription },
];

export default function AiRoute({ loaderData }: Route.ComponentProps) {
  return <AiPage {...loaderData} />;
}
