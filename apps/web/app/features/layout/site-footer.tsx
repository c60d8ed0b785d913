import { formatMessage } from '@evcircle/contract/client';
import { Link } from 'react-router';
import { LAYOUT_MESSAGES } from './messages.ts';

export function SiteFooter() {
  return (
    <footer className="border-t border-gray-200 py-6 text-center text-xs text-gray-500 dark:border-gray-800 dark:text-gray-400">
      <span>{formatMessage(LAYOUT_MESSAGES.copyright, { year: new Date().getFullYear() })}</span>
      <span className="mx-2" aria-hidden="true">
        ·
      </span>
      <Link to="/privacy-policy" className="hover:text-gray-900 dark:hover:text-white">
        {LAYOUT_MESSAGES.privacyPolicy}
      </Link>
    </footer>
  );
}
