import { FileX } from 'lucide-react';
import { ResourceNotFound } from '~/features/errors/index.ts';
import { POST_MESSAGES } from './messages.ts';

/** The 404 page of a post: it does not exist or was deleted (SPEC.md §2 404 wording below). */
export function PostNotFound() {
  return (
    <ResourceNotFound
      icon={FileX}
      title={POST_MESSAGES.notFoundTitle}
      hint={POST_MESSAGES.notFoundHint}
      testId="post-not-found"
    />
  );
}
