import { type AiJob, ApiError, draftRelease, formatMessage, resolveMediaUrl } from '@evcircle/contract/client';
import { Download, LoaderCircle, SquarePen } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { VideoPlayer } from '~/features/player/index.ts';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { useToast } from '~/ui/toast.tsx';
import { draftOfJob } from './generation-rules.ts';
import { AI_MESSAGES } from './messages.ts';

/** A round button-like link over a picture's top corner (the "AI生成" mark is at the bottom one). */
const OVERLAY_LINK =
  'absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500';

/**
 * A finished job's pictures (a grid of up to four) or its video, each with a download link.
 * The "AI生成" mark is in the files themselves (the server draws it), so none is added here.
 */
export function JobResults({ job, imageBase, className }: { job: AiJob; imageBase: string; className?: string }) {
  const alt = formatMessage(AI_MESSAGES.resultAlt, { prompt: job.prompt });
  const ratio = job.width > 0 && job.height > 0 ? `${job.width} / ${job.height}` : undefined;
  if (job.kind === 'video') {
    const src = resolveMediaUrl(job.urls[0] ?? '', imageBase);
    return (
      <div className={cn('relative', className)} data-testid="ai-result">
        <div className="mx-auto max-h-[70vh] max-w-full" style={{ aspectRatio: ratio ?? '16 / 9' }}>
          <VideoPlayer
            src={src}
            poster={job.poster ? resolveMediaUrl(job.poster, imageBase) : undefined}
            label={alt}
            className="size-full rounded-xl"
            data-testid="ai-result-player"
            mediaTestId="ai-result-video"
          />
        </div>
        <a
          href={src}
          download
          aria-label={formatMessage(AI_MESSAGES.downloadLabel, { index: 1 })}
          className={OVERLAY_LINK}
          data-testid="ai-download"
        >
          <Download aria-hidden="true" className="size-4" />
        </a>
      </div>
    );
  }
  return (
    <ul
      className={cn('grid gap-2', job.urls.length > 1 ? 'grid-cols-2' : 'grid-cols-1', className)}
      data-testid="ai-result"
    >
      {job.urls.map((url, index) => {
        const src = resolveMediaUrl(url, imageBase);
        return (
          <li key={url} className="relative overflow-hidden rounded-xl bg-gray-100 dark:bg-gray-800">
            <img
              src={src}
              alt={alt}
              width={job.width || undefined}
              height={job.height || undefined}
              className="block h-auto w-full object-cover"
              style={{ aspectRatio: ratio }}
              data-testid="ai-result-image"
            />
            <a
              href={src}
              download
              aria-label={formatMessage(AI_MESSAGES.downloadLabel, { index: index + 1 })}
              className={OVERLAY_LINK}
              data-testid="ai-download"
            >
              <Download aria-hidden="true" className="size-4" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * 发布为动态: a draft holding the job's pictures or video (the server recorded them as the
 * viewer's uploads) opens in the composer, the prompt as its text to edit.
 */
export function PublishJobButton({
  job,
  isCompact = false,
  className,
}: {
  job: AiJob;
  /** 发布 instead of 发布为动态 (the history's narrow cards). */
  isCompact?: boolean;
  className?: string;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const toast = useToast();
  const [isPending, setPending] = useState(false);
  return (
    <Button
      size="sm"
      disabled={isPending}
      aria-label={isCompact ? AI_MESSAGES.publish : undefined}
      className={className}
      data-testid="ai-publish"
      onClick={async () => {
        setPending(true);
        try {
          const { did } = await api.call(draftRelease, draftOfJob(job));
          await navigate(`/publish?did=${did}`);
        } catch (error) {
          setPending(false);
          toast.show(error instanceof ApiError ? error.message : AI_MESSAGES.publishFailed, { tone: 'error' });
        }
      }}
    >
      {isPending ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <SquarePen aria-hidden="true" className="size-4" />
      )}
      {isPending ? AI_MESSAGES.publishing : isCompact ? AI_MESSAGES.publishShort : AI_MESSAGES.publish}
    </Button>
  );
}
