import { UserX } from 'lucide-react';
import { ResourceNotFound } from '~/features/errors/resource-not-found.tsx';
import { USERS_MESSAGES } from './messages.ts';

/** The 404 page of a profile: says plainly that the user does not exist (or left). */
export function UserNotFound() {
  return (
    <ResourceNotFound
      icon={UserX}
      title={USERS_MESSAGES.userNotFoundTitle}
      hint={USERS_MESSAGES.userNotFoundHint}
      testId="user-not-found"
    />
  );
}
