import { UserX } from 'lucide-react';
import { ResourceNotFound } from '~/features/errors/index.ts';
import { PROFILES_MESSAGES } from './messages.ts';

/** The 404 page of a profile: says plainly that the user does not exist (or left). */
export function UserNotFound() {
  return (
    <ResourceNotFound
      icon={UserX}
      title={PROFILES_MESSAGES.userNotFoundTitle}
      hint={PROFILES_MESSAGES.userNotFoundHint}
      testId="user-not-found"
    />
  );
}
