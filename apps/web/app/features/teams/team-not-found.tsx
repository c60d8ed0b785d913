import { FlagOff } from 'lucide-react';
import { ResourceNotFound } from '~/features/errors/index.ts';
import { TEAMS_MESSAGES } from './messages.ts';

/** /team/{id} of a team that does not exist (or was disbanded, or is not the viewer's to see). */
export function TeamNotFound() {
  return (
    <ResourceNotFound
      icon={FlagOff}
      title={TEAMS_MESSAGES.notFoundTitle}
      hint={TEAMS_MESSAGES.notFoundHint}
      testId="team-not-found"
    />
  );
}
