import { formatMessage, type PostDetail } from '@evcircle/contract/client';
import { BadgeCheck, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { TranslateButton, TranslationPanel, useTranslateToggle } from '~/features/ai/index.ts';
import { LinkedText } from '~/features/links/index.ts';
import { RelativeTime } from '~/lib/lazy-relative-time.tsx';
import { themePageOf } from '../themes/themes.ts';
import { POST_MESSAGES } from './messages.ts';
import { splitHeading } from './post-text.ts';

type PostBodyProps = {
  post: PostDetail;
  /** h1 on the post page, h2 inside the modal (the list page keeps its own h1). */
  headingLevel: 'h1' | 'h2';
  headingId?: string;
};

/** The words of a post: heading (a short first line), text, theme, check-in, place and time. */
export function PostBody({ post, headingLevel: Heading, headingId }: PostBodyProps) {
  const { heading, body } = splitHeading(post.content);
  const theme = themePageOf(post.type);
  const translate = useTranslateToggle(post.content);
  return (
    <div data-testid="post-body">
      {heading ? (
        <Heading id={headingId} className="mb-2 text-lg font-semibold leading-snug break-words">
          <LinkedText text={heading} linkClassName="text-primary-700 dark:text-primary-400" />
        </Heading>
      ) : (
        <Heading id={headingId} className="sr-only">
          {POST_MESSAGES.pageHeading}
        </Heading>
      )}
      {body ? (
        <p
          data-testid="post-content"
          className="text-[15px] leading-relaxed break-words whitespace-pre-wrap text-gray-800 dark:text-gray-200"
        >
          <LinkedText text={body} linkClassName="text-primary-700 dark:text-primary-400" />
        </p>
      ) : null}
      <TranslationPanel toggle={translate} />
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <Link
          to={theme.path}
          aria-label={formatMessage(POST_MESSAGES.theme, { theme: theme.label })}
          className="text-primary-700 hover:underline dark:text-primary-400"
        >
          #{theme.label}
        </Link>
        {post.checkin === 1 ? (
          <span
            data-testid="post-checkin"
            className="inline-flex items-center gap-1 rounded-full bg-primary-50 px-2 py-0.5 text-xs font-medium text-primary-700 ring-1 ring-primary-600/20 dark:bg-primary-950 dark:text-primary-300 dark:ring-primary-400/30"
          >
            <BadgeCheck aria-hidden="true" className="size-3.5" />
            {POST_MESSAGES.checkin}
          </span>
        ) : null}
        {translate ? <TranslateButton toggle={translate} className="ml-auto" /> : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-500 dark:text-gray-400">
        <RelativeTime iso={post.atime} />
        {post.location ? (
          <span data-testid="post-location" className="inline-flex min-w-0 items-center gap-0.5">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only">{formatMessage(POST_MESSAGES.location, { location: '' })}</span>
            <span className="truncate">{post.location}</span>
          </span>
        ) : null}
      </div>
    </div>
  );
}
