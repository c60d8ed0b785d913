import type { Post } from '@evcircle/contract/client';
import { type MouseEvent, type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { useRootData } from '~/lib/root-data.ts';
import { useIsMobile, useViewport } from '~/lib/use-is-mobile.ts';
import { useLoadMoreSentinel, usePagedList } from '~/lib/use-paged-list.ts';
import { useToast } from '~/ui/toast.tsx';
import type { ModalPreload } from '../view/modal-params.ts';
import { useModalAddress } from '../view/use-modal-address.ts';
import { columnCountFor, distributeIntoColumns } from './masonry.ts';
import { FEED_MESSAGES } from './messages.ts';
import { PostCard } from './post-card.tsx';
import type { FetchFeedPage } from './use-feed-pages.ts';

/** Pull-to-refresh is a phone gesture: its code loads on phones, after the page. */
const PullToRefresh = lazyComponent(() => import('./pull-to-refresh.tsx').then((module) => module.PullToRefresh));

/**
 * The post modal (the post view, its comments and share sheet) loads when a post is
 * first opened from a list, not with the list (docs/decisions/0011).
 */
const PostModalHost = lazyComponent(() => import('../view/post-modal-host.tsx').then((m) => m.PostModalHost));

/**
 * What shows only once the list is scrolled to its end (the next page's placeholders, the
 * line under the list: loading, retry, no more) loads beside the page.
 */
const PostCardSkeleton = lazyComponent(() => import('./post-card-skeleton.tsx').then((m) => m.PostCardSkeleton));
const ListFooter = lazyComponent(() => import('~/ui/list-footer.tsx').then((m) => m.ListFooter));

/** Start loading the next page this far before the bottom comes into view. */
const PREFETCH_MARGIN = '0px 0px 800px 0px';

type FeedGridProps<P extends Post> = {
  /** Page 1, rendered on the server. */
  firstPage: P[];
  pageSize: number;
  imageBase: string;
  /** Fetches a page (1 again on pull-to-refresh, then 2, 3, …) in the browser. */
  fetchPage: FetchFeedPage<P>;
  /** Accessible name of the list. */
  label?: string;
  /** Shown instead of the grid when there is nothing at all. */
  empty?: ReactNode;
  /**
   * Cards open the post modal (the list pages of SPEC.md §2), with `modalPreload` the
   * modal the server already loaded for the address. Otherwise cards go to the post page.
   */
  hasPostModal?: boolean;
  modalPreload?: ModalPreload | null;
  /** Columns by viewport width; defaults to the home feed's. */
  columnsFor?: (width: number) => number;
  /** A card's text instead of the post's content (search results show what matched). */
  renderText?: (post: P) => ReactNode;
  'data-testid'?: string;
};

/** A plain left click: the one the modal takes over (new tabs keep the link). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A masonry post list with infinite scroll: skeletons while a page loads, a retry on
 * failure, pull-to-refresh on phones, and (on the list pages of SPEC.md §2) the post
 * modal over it, whose previous / next walk through the posts loaded here.
 */
export function FeedGrid<P extends Post>({
  firstPage,
  pageSize,
  imageBase,
  fetchPage,
  label = FEED_MESSAGES.feedLabel,
  empty,
  hasPostModal = false,
  modalPreload = null,
  columnsFor = columnCountFor,
  renderText,
  'data-testid': testId = 'feed-grid',
}: FeedGridProps<P>) {
  const {
    items: posts,
    status,
    loadMore,
    refresh,
    updateItems,
  } = usePagedList({ firstPage, size: pageSize, fetchPage, keyOf: (post) => post.pid });
  const columnCount = useViewport(columnsFor);
  const columns = useMemo(() => distributeIntoColumns(posts, columnCount), [posts, columnCount]);
  const indexOf = useMemo(() => new Map(posts.map((post, i) => [post.pid, i])), [posts]);
  const isMobile = useIsMobile();
  const toast = useToast();
  const modal = useModalAddress();
  // Crawlers always follow the link to the full page (root data: judged on the server).
  const isCrawler = useRootData()?.isCrawler ?? false;
  const opensModal = hasPostModal && !isCrawler;
  const target = hasPostModal ? modal.target : null;
  useKeepListScroll(target !== null);

  const sentinel = useLoadMoreSentinel(status, () => void loadMore(), PREFETCH_MARGIN);

  /** Changes one post in place (its like count changed in the modal). */
  const patchPost = useCallback(
    (pid: number, patch: Partial<Post>) =>
      updateItems((all) => all.map((p) => (p.pid === pid ? { ...p, ...patch } : p))),
    [updateItems],
  );
  /** Drops one post (it was deleted from its modal). */
  const removePost = useCallback(
    (pid: number) => updateItems((all) => all.filter((p) => p.pid !== pid)),
    [updateItems],
  );
  /** Drops every post of an author (the viewer just blocked them). */
  const removeAuthor = useCallback(
    (uid: number) => updateItems((all) => all.filter((p) => p.uid !== uid)),
    [updateItems],
  );

  const onRefresh = useCallback(
    () =>
      refresh().catch(() => {
        toast.show(FEED_MESSAGES.refreshFailed, { tone: 'error' });
      }),
    [refresh, toast],
  );

  const openModal = modal.open;
  const onOpen = useCallback(
    (post: P) => (event: MouseEvent<HTMLAnchorElement>) => {
      if (!opensModal || !isPlainClick(event)) return;
      event.preventDefault();
      openModal({ postId: post.pid, index: indexOf.get(post.pid) ?? 0 });
    },
    [opensModal, openModal, indexOf],
  );

  const modalHost = target ? (
    <PostModalHost
      target={target}
      posts={posts}
      preload={modalPreload}
      imageBase={imageBase}
      go={modal.go}
      close={modal.close}
      onNearEnd={() => void loadMore()}
      onPatch={patchPost}
      onRemove={removePost}
      onRemoveAuthor={removeAuthor}
    />
  ) : null;

  const pull = isMobile ? <PullToRefresh onRefresh={onRefresh} isEnabled={target === null} /> : null;

  if (posts.length === 0 && status === 'done') {
    return (
      <>
        {pull}
        {empty ?? <FeedEmpty />}
        {modalHost}
      </>
    );
  }

  return (
    <section aria-label={label} aria-busy={status === 'loading'}>
      {pull}
      <div
        data-testid={testId}
        className="grid items-start gap-2 md:gap-4"
        style={{ gridTemplateColumns: `repeat(${columnCount}, minmax(0, 1fr))` }}
      >
        {columns.map((column, c) => (
          // Columns are positions, not items: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={c} className="flex flex-col gap-2 md:gap-4">
            {column.map((post, row) => (
              <PostCard
                key={post.pid}
                post={post}
                imageBase={imageBase}
                isPriority={row === 0}
                text={renderText?.(post)}
                onOpen={hasPostModal ? onOpen(post) : undefined}
              />
            ))}
            {status === 'loading' ? <PostCardSkeleton isTall={c % 2 === 0} /> : null}
          </div>
        ))}
      </div>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <ListFooter status={status} onLoadMore={loadMore} />
      {modalHost}
    </section>
  );
}

/**
 * Keeps the list where it was when the modal opens. A card click never scrolls, but a
 * client navigation to /post/{id} redirected back here with the modal keys is a new
 * history entry, which the router scrolls to the top; this puts it back.
 */
function useKeepListScroll(isModalOpen: boolean) {
  const listScroll = useRef<number | null>(null);
  useEffect(() => {
    if (isModalOpen) return;
    const record = () => {
      // NOTE: the address changes before React commits, so a scroll the router makes for
      // the modal's entry (to the top) is never taken for the list's own position.
      if (new URLSearchParams(window.location.search).get('modal') === 'true') return;
      listScroll.current = window.scrollY;
    };
    record();
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [isModalOpen]);
  useEffect(() => {
    const y = listScroll.current;
    if (isModalOpen && y !== null && Math.abs(window.scrollY - y) > 1) window.scrollTo(0, y);
  }, [isModalOpen]);
}

function FeedEmpty() {
  return (
    <div data-testid="feed-empty" className="flex flex-col items-center py-24 text-center">
      <p className="text-base font-medium">{FEED_MESSAGES.empty}</p>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{FEED_MESSAGES.emptyHint}</p>
    </div>
  );
}
