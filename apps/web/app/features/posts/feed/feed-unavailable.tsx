import { RotateCw } from 'lucide-react';
import { useRevalidator } from 'react-router';
import { Button } from '~/ui/button.tsx';
import { FEED_MESSAGES } from './messages.ts';

/** A feed's first page could not be fetched on the server: say so, and offer to try again. */
export function FeedUnavailable() {
  const revalidator = useRevalidator();
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-24 text-sm text-gray-500 dark:text-gray-400">
      <span>{FEED_MESSAGES.loadFailed}</span>
      <Button variant="outline" disabled={revalidator.state !== 'idle'} onClick={() => revalidator.revalidate()}>
        <RotateCw aria-hidden="true" className="size-4" />
        {FEED_MESSAGES.retry}
      </Button>
    </div>
  );
}
