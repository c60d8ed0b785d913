import { ApiError, formatMessage, inviteInfo, STATUS } from '@evcircle/contract/client';
import { inviteInfo as inviteInfoDeclaration } from '@evcircle/contract/declarations';
import { data } from 'react-router';
import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { INVITE_MESSAGES, InviteLanding, InviteNotFound, inviteLink } from '~/features/invites/index.ts';
import { absoluteUrl } from '~/lib/absolute-url.ts';
import { serverApi } from '~/lib/api.ts';
import type { RouteHandle } from '~/lib/route-handle.ts';
import type { Route } from './+types/invite';

export const handle: RouteHandle = { layout: 'mobile' };

export async function loader({ params, context }: Route.LoaderArgs) {
  // A malformed code cannot be anyone's: same answer as an unknown one, without a call.
  if (!inviteInfoDeclaration.query?.safeParse({ code: params.code }).success) throw data(null, { status: 404 });
  try {
    const invite = await serverApi(context).call(inviteInfo, { code: params.code });
    return { invite, publicUrl: context.publicConfig.publicUrl, imageBase: context.publicConfig.imageBase };
  } catch (error) {
    if (error instanceof ApiError && (error.status === STATUS.NOT_FOUND || error.status === STATUS.VALIDATION_FAILED)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData)
    return [{ title: `${INVITE_MESSAGES.notFoundTitle} - 车友圈` }, { name: 'robots', content: 'noindex' }];
  const { invite, publicUrl, imageBase } = loaderData;
  const title = formatMessage(INVITE_MESSAGES.documentTitle, { nickname: invite.inviter.nickname });
  const description = formatMessage(INVITE_MESSAGES.description, {
    nickname: invite.inviter.nickname,
    reward: invite.reward,
  });
  const image = absoluteUrl(invite.inviter.avatar, publicUrl, imageBase);
  return [
    { title },
    { name: 'description', content: description },
    // A personal link: shareable, but not a page for search engines.
    { name: 'robots', content: 'noindex' },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: inviteLink(publicUrl, invite.code) },
    ...(image ? [{ property: 'og:image', content: image }] : []),
  ];
};

export default function InvitePage({ loaderData }: Route.ComponentProps) {
  return <InviteLanding invite={loaderData.invite} imageBase={loaderData.imageBase} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <InviteNotFound /> }} />;
}
