import { ExternalLink, ShieldAlert, TriangleAlert } from 'lucide-react';
import { buttonClass } from '~/ui/button.tsx';
import { RefusalNotice } from '~/ui/refusal-notice.tsx';
import { type Destination, EXTERNAL_LINK_REL, type RefusalReason } from './link-guard.ts';
import { LINKS_MESSAGES } from './messages.ts';

const REFUSALS: Record<RefusalReason, string> = {
  missing: LINKS_MESSAGES.refusedMissing,
  scheme: LINKS_MESSAGES.refusedScheme,
  invalid: LINKS_MESSAGES.refusedInvalid,
  'too-long': LINKS_MESSAGES.refusedTooLong,
};

/** 返回: back where the reader came from in this tab, else (a new tab, no script) home. */
function goBack(event: React.MouseEvent<HTMLAnchorElement>) {
  if (window.history.length <= 1) return;
  event.preventDefault();
  window.history.back();
}

/**
 * The interstitial 即将离开车友圈 (docs/decisions/0025): where a link from user content
 * really leads, the host first, with 继续访问 (a plain link, works without script) and 返回.
 */
export function LeavePage({ destination }: { destination: Destination }) {
  if (!destination.ok) {
    return (
      <RefusalNotice
        testId="leave-refused"
        icon={TriangleAlert}
        title={LINKS_MESSAGES.refusedTitle}
        titleAs="h1"
        hint={REFUSALS[destination.reason]}
        back={{ to: '/', label: LINKS_MESSAGES.backHome }}
      />
    );
  }
  const { url, host } = destination;
  return (
    <div data-testid="leave-page" className="mx-auto w-full max-w-lg px-4 pt-6 pb-10 md:pt-12">
      <div className="rounded-2xl bg-white px-5 py-7 shadow-sm ring-1 ring-gray-900/5 md:px-8 dark:bg-gray-900 dark:ring-white/10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-50 dark:bg-amber-950/60">
          <ShieldAlert aria-hidden="true" className="size-7 text-amber-600 dark:text-amber-400" />
        </span>
        <h1 className="mt-4 text-center text-xl font-bold">{LINKS_MESSAGES.title}</h1>
        <p className="mt-2 text-center text-sm leading-relaxed text-gray-600 dark:text-gray-300">
          {LINKS_MESSAGES.hint}
        </p>
        <div className="mt-6 rounded-xl bg-gray-50 px-4 py-3 ring-1 ring-gray-900/5 dark:bg-gray-800/60 dark:ring-white/10">
          <p className="text-xs text-gray-500 dark:text-gray-400">{LINKS_MESSAGES.destination}</p>
          <p data-testid="leave-host" className="mt-1 text-lg font-semibold break-all text-gray-900 dark:text-white">
            {host}
          </p>
          <p
            data-testid="leave-url"
            className="mt-1 font-mono text-xs leading-relaxed break-all text-gray-600 dark:text-gray-300"
          >
            {url}
          </p>
        </div>
        <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
          <a href="/" onClick={goBack} data-testid="leave-back" className={buttonClass('outline', 'lg', 'sm:min-w-36')}>
            {LINKS_MESSAGES.back}
          </a>
          <a
            href={url}
            rel={EXTERNAL_LINK_REL}
            data-testid="leave-continue"
            className={buttonClass('solid', 'lg', 'sm:min-w-36')}
          >
            {LINKS_MESSAGES.continue}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </div>
      </div>
    </div>
  );
}
