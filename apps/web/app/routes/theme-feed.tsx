import { formatMessage, PAGE_SIZE, type Post } from '@evcircle/contract/client';
import { FileText } from 'lucide-react';
import { data } from 'react-router';
import {
  FEED_MESSAGES,
  FeedGrid,
  FeedUnavailable,
  loadModalPost,
  shouldRevalidateList,
  themePageAt,
  themePageOf,
  useFeedPages,
} from '~/features/posts/index.ts';
import { TOOLS_MESSAGES, ToolsHub } from '~/features/tools/index.ts';
import { serverApi } from '~/lib/api.ts';
import { useRootData } from '~/lib/root-data.ts';
import type { Route } from './+types/theme-feed';

/**
 * One themed feed (/mod, /beauty, /travel, /exp, and Tesla's on /tesla-tools): the
 * theme comes from the address; the first page is rendered here, with the post modal
 * when the address asks for one. /tesla-tools is the owner's tools page: the tools hub,
 * then the Tesla feed under it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = themePageAt(url.pathname);
  if (!page) throw data(null, { status: 404 });
  const api = serverApi(context);
  const [posts, modal] = await Promise.all([
    api.call(page.endpoint, { page: 1, size: PAGE_SIZE.posts }).then(
      (list) => ({ list, hasFailed: false }),
      (error: unknown) => {
        console.error(`[${page.theme}] feed failed`, error);
        return { list: [] as Post[], hasFailed: true };
      },
    ),
    loadModalPost(api, url),
  ]);
  return {
    theme: page.theme,
    posts: posts.list,
    hasFailed: posts.hasFailed,
    modal,
    publicUrl: context.publicConfig.publicUrl,
  };
}

export const shouldRevalidate = shouldRevalidateList;

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [];
  const page = themePageOf(loaderData.theme);
  const isTools = page.theme === 'tesla';
  const title = isTools
    ? TOOLS_MESSAGES.documentTitle
    : formatMessage(FEED_MESSAGES.themeDocumentTitle, { theme: page.label });
  const description = isTools ? TOOLS_MESSAGES.description : page.description;
  const url = `${loaderData.publicUrl.replace(/\/+$/, '')}${page.path}`;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

export default function ThemeFeed({ loaderData }: Route.ComponentProps) {
  const page = themePageOf(loaderData.theme);
  const fetchPage = useFeedPages(page.endpoint, PAGE_SIZE.posts);
  const imageBase = useRootImageBase();
  const isTools = page.theme === 'tesla';
  return (
    <div className="mx-auto max-w-screen-2xl px-2 pt-2 md:px-6 md:pt-6" data-theme-feed={page.theme}>
      {isTools ? (
        <header className="mb-2 px-2 md:mb-5 md:px-0">
          <h1 className="text-lg font-semibold md:text-xl">{TOOLS_MESSAGES.heading}</h1>
          <ToolsHub className="mt-3 md:mt-4" />
          <h2 className="mt-5 text-base font-semibold md:mt-8 md:text-lg">
            {formatMessage(TOOLS_MESSAGES.feedHeading, { theme: page.label })}
          </h2>
          <p className="mt-0.5 text-xs text-gray-500 md:text-sm dark:text-gray-400">{page.description}</p>
        </header>
      ) : (
        <header className="mb-2 px-2 md:mb-5 md:px-0">
          <h1 className="text-lg font-semibold md:text-xl">{page.label}</h1>
          <p className="mt-0.5 text-xs text-gray-500 md:text-sm dark:text-gray-400">{page.description}</p>
        </header>
      )}
      {loaderData.hasFailed ? (
        <FeedUnavailable />
      ) : (
        <FeedGrid
          // A new theme is a new list: nothing carries over from the last one.
          key={page.theme}
          firstPage={loaderData.posts}
          pageSize={PAGE_SIZE.posts}
          imageBase={imageBase}
          fetchPage={fetchPage}
          label={formatMessage(FEED_MESSAGES.themeFeedLabel, { theme: page.label })}
          hasPostModal
          modalPreload={loaderData.modal}
          empty={<ThemeEmpty label={page.label} />}
        />
      )}
    </div>
  );
}

function useRootImageBase(): string {
  return useRootData()?.publicConfig.imageBase ?? '/files';
}

function ThemeEmpty({ label }: { label: string }) {
  return (
    <div data-testid="feed-empty" className="flex flex-col items-center py-24 text-center">
      <FileText aria-hidden="true" className="size-10 text-gray-300 dark:text-gray-700" />
      <p className="mt-3 text-base font-medium">{FEED_MESSAGES.themeEmpty}</p>
      <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">
        {formatMessage(FEED_MESSAGES.themeEmptyHint, { theme: label })}
      </p>
    </div>
  );
}
