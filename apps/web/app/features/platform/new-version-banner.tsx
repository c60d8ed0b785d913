import { RefreshCw } from 'lucide-react';
import { PLATFORM_MESSAGES } from './messages.ts';

/** The bar pinned to the bottom corner once a newer build is deployed, with 刷新 (new-version.tsx shows it). */
export function NewVersionBanner() {
  return (
    <div
      role="status"
      data-testid="new-version"
      className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-sm items-center justify-between gap-3 rounded-2xl bg-gray-900 px-4 py-3 text-sm text-white shadow-xl md:right-6 md:bottom-6 md:left-auto md:mx-0 dark:bg-gray-100 dark:text-gray-900"
    >
      <span>{PLATFORM_MESSAGES.newVersion}</span>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex items-center gap-1 rounded-full bg-primary-600 px-3 py-1.5 font-medium text-white hover:bg-primary-700"
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        {PLATFORM_MESSAGES.refresh}
      </button>
    </div>
  );
}
