import { TicketX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/ui/button.tsx';
import { INVITE_MESSAGES } from './messages.ts';

/** /invite/{code} with a code nobody owns: say so, and offer the community anyway. */
export function InviteNotFound() {
  return (
    <section data-testid="invite-not-found" className="flex flex-col items-center px-6 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-gray-100 dark:bg-gray-800">
        <TicketX aria-hidden="true" className="size-8 text-gray-400" />
      </span>
      <h1 className="mt-5 text-xl font-semibold">{INVITE_MESSAGES.notFoundTitle}</h1>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{INVITE_MESSAGES.notFoundHint}</p>
      <Link to="/" className={buttonClass('solid', 'md', 'mt-8')}>
        {INVITE_MESSAGES.goHome}
      </Link>
    </section>
  );
}
