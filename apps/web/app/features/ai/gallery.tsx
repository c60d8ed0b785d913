import {
  AI_GALLERY_PAGE_SIZE,
  type AiJob,
  ApiError,
  aiGallery,
  aiGalleryDelete,
  formatMessage,
  resizedImageUrl,
  resolveMediaUrl,
  STATUS,
} from '@evcircle/contract/client';
import { Download, Film, Images, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { formatRelativeTime } from '~/lib/china-time.ts';
import { usePagedList } from '~/lib/use-paged-list.ts';
import { ConfirmSheet } from '~/ui/confirm-sheet.tsx';
import { IconButton } from '~/ui/icon-button.tsx';
import { ListFooter } from '~/ui/list-footer.tsx';
import { useToast } from '~/ui/toast.tsx';
import { galleryWithLive, isJobActive, type JobsState } from './generation-rules.ts';
import { PublishJobButton } from './job-results.tsx';
import { JobFailure, JobProgress } from './job-view.tsx';
import { AI_MESSAGES } from './messages.ts';

export type GalleryProps = {
  /** Page 1 as the page's loader fetched it (null: fetched here). */
  firstPage: AiJob[] | null;
  /** The jobs this visit follows, in their latest state. */
  live: JobsState;
  imageBase: string;
  /** A job was deleted: the page stops following it. */
  onDeleted: (jobId: number) => void;
};

/** 我的作品: the viewer's generations, newest first, a page at a time, each with download, 发布为动态 and 删除. */
export function Gallery({ firstPage, live, imageBase, onDeleted }: GalleryProps) {
  const api = useApi();
  const toast = useToast();
  const [deleting, setDeleting] = useState<AiJob | null>(null);
  const fetchPage = useCallback(
    async (page: number) => (await api.call(aiGallery, { page, size: AI_GALLERY_PAGE_SIZE, kind: 'all' })).items,
    [api],
  );
  const list = usePagedList({
    firstPage,
    size: AI_GALLERY_PAGE_SIZE,
    fetchPage,
    keyOf: (job) => job.job_id,
    isEager: true,
  });
  const shown = useMemo(() => galleryWithLive(list.items, live), [list.items, live]);
  const { updateItems } = list;

  return (
    <section aria-labelledby="ai-gallery-title" data-testid="ai-gallery">
      <h2 id="ai-gallery-title" className="mb-3 px-1 text-base font-semibold">
        {AI_MESSAGES.galleryTitle}
      </h2>
      {shown.length === 0 && list.status !== 'loading' && list.status !== 'error' ? (
        <p
          data-testid="ai-gallery-empty"
          className="rounded-2xl bg-white px-4 py-10 text-center text-sm text-gray-500 ring-1 ring-gray-900/5 dark:bg-gray-900 dark:text-gray-400 dark:ring-white/10"
        >
          {AI_MESSAGES.galleryEmpty}
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
          {shown.map((job) => (
            <GalleryCard key={job.job_id} job={job} imageBase={imageBase} onDelete={() => setDeleting(job)} />
          ))}
        </ul>
      )}
      {shown.length > 0 || list.status === 'error' || list.status === 'loading' ? (
        <ListFooter
          status={list.status}
          onLoadMore={() => void list.loadMore()}
          trigger="button"
          messages={list.page === 0 ? { failed: AI_MESSAGES.galleryFailed } : undefined}
          data-testid="ai-gallery-more"
        />
      ) : null}
      <ConfirmSheet
        open={deleting !== null}
        title={AI_MESSAGES.deleteTitle}
        hint={AI_MESSAGES.deleteHint}
        confirmLabel={AI_MESSAGES.delete}
        danger
        data-testid="ai-delete-confirm"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const jobId = deleting.job_id;
          try {
            await api.call(aiGalleryDelete, { job_id: jobId });
          } catch (error) {
            // Gone already is what was asked for; anything else leaves it in place.
            if (!(error instanceof ApiError && error.status === STATUS.NOT_FOUND)) {
              toast.show(error instanceof ApiError ? error.message : AI_MESSAGES.deleteFailed, { tone: 'error' });
              setDeleting(null);
              return;
            }
          }
          updateItems((items) => items.filter((job) => job.job_id !== jobId));
          onDeleted(jobId);
          toast.show(AI_MESSAGES.deleted, { tone: 'success' });
          setDeleting(null);
        }}
      />
    </section>
  );
}

function GalleryCard({ job, imageBase, onDelete }: { job: AiJob; imageBase: string; onDelete: () => void }) {
  const isVideo = job.kind === 'video';
  const cover = isVideo ? job.poster : (job.urls[0] ?? '');
  const isDone = job.state === 'succeeded';
  return (
    <li
      data-testid="ai-gallery-item"
      data-job-id={job.job_id}
      data-state={job.state}
      className="flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
    >
      <div className="relative aspect-square bg-gray-100 dark:bg-gray-800">
        {isDone && cover ? (
          <img
            src={isVideo ? resolveMediaUrl(cover, imageBase) : resizedImageUrl(cover, imageBase)}
            alt={formatMessage(AI_MESSAGES.resultAlt, { prompt: job.prompt })}
            loading="lazy"
            // Whole, not cropped: the "AI生成" mark in its corner stays in view.
            className="size-full object-contain"
          />
        ) : null}
        {isDone ? (
          <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/55 px-2 py-0.5 text-[11px] text-white">
            {isVideo ? (
              <Film aria-hidden="true" className="size-3" />
            ) : (
              <Images aria-hidden="true" className="size-3" />
            )}
            {isVideo ? AI_MESSAGES.kindVideo : `${AI_MESSAGES.kindImage} ${job.urls.length}`}
          </span>
        ) : null}
        {isJobActive(job) ? <JobProgress job={job} className="absolute inset-x-3 bottom-3" /> : null}
        {job.state === 'failed' ? (
          <div className="absolute inset-0 flex items-center p-2">
            <JobFailure job={job} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-2.5">
        <p className="line-clamp-2 text-sm break-words" title={job.prompt}>
          {job.prompt}
        </p>
        <p className="mt-1 text-xs text-gray-400 dark:text-gray-500" suppressHydrationWarning>
          {formatRelativeTime(job.created_at)}
        </p>
        <div className="mt-auto flex items-center gap-1 pt-2">
          {isDone ? (
            <PublishJobButton job={job} isCompact className="h-8 min-w-0 flex-1 px-2 text-xs" />
          ) : (
            <span className="flex-1" />
          )}
          {isDone ? (
            <a
              href={resolveMediaUrl(job.urls[0] ?? '', imageBase)}
              download
              aria-label={formatMessage(AI_MESSAGES.downloadLabel, { index: 1 })}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
            >
              <Download aria-hidden="true" className="size-4" />
            </a>
          ) : null}
          <IconButton
            label={formatMessage(AI_MESSAGES.deleteLabel, { prompt: job.prompt })}
            onClick={onDelete}
            data-testid="ai-gallery-delete"
            className="size-8 shrink-0 text-gray-500 hover:text-red-600 dark:text-gray-400 dark:hover:text-red-400"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      </div>
    </li>
  );
}
