import { type Chime, formatMessage } from '@evcircle/contract/client';
import { BellRing, FileAudio } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '~/ui/cn.ts';
import type { ExtractorProps } from './audio-extractor.tsx';
import type { ChimeMakerProps } from './chime-maker.tsx';
import { LOCKCHIME_MESSAGES as M } from './messages.ts';
import { PopularChimes } from './popular-chimes.tsx';
import type { RemoteSource } from './source.ts';

export type { RemoteSource } from './source.ts';

export type LockchimeTab = 'chime' | 'extract';

export type LockchimePageProps = {
  tab: LockchimeTab;
  /** `?pid=`: the post's video, or why it cannot be used. */
  post: { state: 'video'; source: RemoteSource; pid: number } | { state: 'missing' | 'not-video' } | null;
  /** `?chime=`: the shared chime, or null with `chimeMissing` when it is gone. */
  chime: Chime | null;
  chimeMissing: boolean;
  /** Page 1 of the popular chimes (null when the call failed: fetched again here). */
  popular: Chime[] | null;
};

// The tools (decoding, the waveform, WAV writing, FFmpeg as the fallback) load in the
// browser only, after the page: never in a page's first load, never rendered on the server.
const ChimeMaker = lazy(() => import('./chime-maker.tsx').then((m) => ({ default: m.ChimeMaker })));
const AudioExtractor = lazy(() => import('./audio-extractor.tsx').then((m) => ({ default: m.AudioExtractor })));

function ToolLoading() {
  return (
    <div
      data-testid="lockchime-tool-loading"
      className="flex h-48 items-center justify-center rounded-2xl border border-dashed border-gray-300 text-sm text-gray-500 dark:border-gray-700 dark:text-gray-400"
    >
      {M.toolLoading}
    </div>
  );
}

/** Renders `Tool` once the page has hydrated (its code is fetched then); the shell before. */
function ClientTool<P extends object>({ tool: Tool, props }: { tool: ComponentType<P>; props: P }) {
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  if (!isHydrated) return <ToolLoading />;
  return (
    <Suspense fallback={<ToolLoading />}>
      <Tool {...props} />
    </Suspense>
  );
}

function tabHref(tab: LockchimeTab, pid: number | null): string {
  const params = new URLSearchParams();
  if (tab === 'extract') params.set('tab', 'extract');
  if (pid !== null) params.set('pid', String(pid));
  const query = params.toString();
  return query ? `/lockchime?${query}` : '/lockchime';
}

/** /lockchime: the lock-chime maker and audio extraction (tabs), how to use a chime in the car, and shared chimes. */
export function LockchimePage({ tab, post, chime, chimeMissing, popular }: LockchimePageProps) {
  const postSource = post?.state === 'video' ? post.source : null;
  const pid = post?.state === 'video' ? post.pid : null;
  const navigate = useNavigate();
  const [chimeSource, setChimeSource] = useState<RemoteSource | null>(null);
  // One object per source: the maker loads a source again only when it changes.
  const sharedSource = useMemo(
    () =>
      chime
        ? {
            url: chime.url,
            name: `${chime.title}.wav`,
            label: formatMessage(M.sourceFromChime, { title: chime.title }),
          }
        : null,
    [chime],
  );
  const source = chimeSource ?? postSource ?? sharedSource;

  const tabs: { id: LockchimeTab; label: string; icon: typeof BellRing }[] = [
    { id: 'chime', label: M.tabChime, icon: BellRing },
    { id: 'extract', label: M.tabExtract, icon: FileAudio },
  ];

  return (
    <div className="mx-auto max-w-5xl px-3 pt-4 pb-12 md:px-6 md:pt-8" data-testid="lockchime-page">
      <header className="mb-4 px-1">
        <h1 className="flex items-center gap-2 text-xl font-bold md:text-2xl">
          <BellRing aria-hidden="true" className="size-6 text-red-500" />
          {M.heading}
        </h1>
        <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{M.intro}</p>
      </header>

      <nav aria-label={M.tabsLabel} className="mb-4 flex gap-2">
        {tabs.map(({ id, label, icon: Icon }) => (
          <Link
            key={id}
            to={tabHref(id, pid)}
            replace
            preventScrollReset
            aria-current={tab === id ? 'page' : undefined}
            data-testid={`lockchime-tab-${id}`}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-medium transition-colors',
              tab === id
                ? 'bg-primary-600 text-white'
                : 'bg-gray-100 text-gray-700 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-gray-700',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </Link>
        ))}
      </nav>

      {post && post.state !== 'video' ? (
        <p
          role="alert"
          className="mb-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          {post.state === 'missing' ? M.postMissing : M.postNotVideo}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label={tab === 'chime' ? M.tabChime : M.tabExtract} className="min-w-0">
          {tab === 'chime' ? (
            <ClientTool<ChimeMakerProps> tool={ChimeMaker} props={{ source }} />
          ) : (
            <ClientTool<ExtractorProps> tool={AudioExtractor} props={{ source: postSource }} />
          )}
        </section>
        <aside className="space-y-6">
          <CarSteps />
        </aside>
      </div>

      <PopularChimes
        first={popular}
        selected={chime}
        selectedMissing={chimeMissing}
        onEdit={(c) => {
          if (tab !== 'chime') {
            navigate(`/lockchime?chime=${c.id}`);
            return;
          }
          setChimeSource({
            url: c.url,
            name: `${c.title}.wav`,
            label: formatMessage(M.sourceFromChime, { title: c.title }),
          });
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
}

function CarSteps() {
  return (
    <section className="rounded-2xl bg-gray-50 p-4 dark:bg-gray-900" data-testid="lockchime-steps">
      <h2 className="font-medium">{M.stepsHeading}</h2>
      <ol className="mt-3 space-y-2 text-sm text-gray-600 dark:text-gray-300">
        {M.steps.map((step, i) => (
          <li key={step} className="flex gap-3">
            <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-primary-600 text-xs text-white">
              {i + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-xs text-gray-500 dark:text-gray-400">{M.stepsNote}</p>
    </section>
  );
}
