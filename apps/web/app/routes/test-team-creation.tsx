import { Flag } from 'lucide-react';
import { Link } from 'react-router';
import { LoginPrompt, useViewer } from '~/features/auth/index.ts';
import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { type Place, PlaceGate, usePlaceLabel } from '~/features/nearby/index.ts';
import { CreateTeamForm, TEAMS_MESSAGES } from '~/features/teams/index.ts';
import type { Route } from './+types/test-team-creation';

/**
 * /test-team-creation (SPEC.md §2 lists it among the test pages; it is the create-team
 * form, also opened by 发起车队 on /nearby and the radar): the team meets at the viewer's
 * position or chosen city, asked for as the nearby pages ask.
 */
export const meta: Route.MetaFunction = () => [
  { title: TEAMS_MESSAGES.createDocumentTitle },
  { name: 'robots', content: 'noindex' },
];

export default function TestTeamCreationRoute() {
  const viewer = useViewer();
  return (
    <div data-testid="create-team-page" className="mx-auto max-w-xl px-3 pt-3 pb-8 md:px-6 md:pt-6">
      <Link to="/nearby" className="text-sm text-gray-500 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white">
        ‹ {TEAMS_MESSAGES.backToNearby}
      </Link>
      <h1 className="mt-2 px-1 text-xl font-bold md:text-2xl">{TEAMS_MESSAGES.createHeading}</h1>
      {viewer ? (
        <>
          <p className="mt-1 px-1 text-sm text-gray-500 dark:text-gray-400">{TEAMS_MESSAGES.createIntro}</p>
          <PlaceGate>{(place) => <Form place={place} />}</PlaceGate>
        </>
      ) : (
        <LoginPrompt
          icon={Flag}
          title={TEAMS_MESSAGES.guestTitle}
          hint={TEAMS_MESSAGES.guestHint}
          testId="create-team-guest"
        />
      )}
    </div>
  );
}

function Form({ place }: { place: Place }) {
  const label = usePlaceLabel(place);
  return <CreateTeamForm place={place} placeLabel={label} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
