import { ApiError, formatMessage, STATUS, teamMembers } from '@evcircle/contract/client';
import { Flag } from 'lucide-react';
import { data } from 'react-router';
import { LoginPrompt } from '~/features/auth/index.ts';
import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { TEAMS_MESSAGES, TeamNotFound, TeamPageView } from '~/features/teams/index.ts';
import { serverApi } from '~/lib/api.ts';
import type { Route } from './+types/team';

/**
 * /team/{id}: a team's page (SPEC.md §2 lists no path for it; ours, like /user/{id}):
 * what the team is, its members and their answers, the viewer's actions and, for
 * members, the team chat. Teams are for logged-in people (SPEC.md §6), so a visitor is
 * asked to log in; an unknown, disbanded or hidden team is the 404 page.
 */
function notFound(): never {
  throw data(null, { status: 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,14}$/.test(params.id)) notFound();
  try {
    const answer = await serverApi(context).call(teamMembers, { id: params.id });
    return {
      state: 'ok' as const,
      team: answer.team,
      members: answer.members,
      imageBase: context.publicConfig.imageBase,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const };
    if (error instanceof ApiError && (error.status === STATUS.NOT_FOUND || error.status === STATUS.VALIDATION_FAILED)) {
      notFound();
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title:
      loaderData?.state === 'ok'
        ? formatMessage(TEAMS_MESSAGES.documentTitle, { title: loaderData.team.title })
        : `${TEAMS_MESSAGES.team} - 车友圈`,
  },
  { name: 'robots', content: 'noindex' },
];

export default function TeamRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'guest') {
    return (
      <div className="mx-auto max-w-3xl px-3 pt-4 pb-6 md:px-6 md:pt-8">
        <LoginPrompt
          icon={Flag}
          title={TEAMS_MESSAGES.guestTitle}
          hint={TEAMS_MESSAGES.guestHint}
          testId="team-guest"
        />
      </div>
    );
  }
  // Another team is a fresh page (no open sheet, no local state of the one before).
  return (
    <TeamPageView
      key={loaderData.team.team_id}
      team={loaderData.team}
      members={loaderData.members}
      imageBase={loaderData.imageBase}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <TeamNotFound /> }} />;
}
