import { type AiGenerationInfo, type AiJob, type AiJobKind, aiGenerationInfo } from '@evcircle/contract/client';
import { Clapperboard, ImageIcon, type LucideIcon, Sparkles, UserRound } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoginPrompt } from '~/features/auth/index.ts';
import { useApi } from '~/lib/api.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { cn } from '~/ui/cn.ts';
import { AI_ENTRY_MESSAGES } from './entry-messages.ts';
import type { GalleryProps } from './gallery.tsx';
import { GenerateForm } from './generate-form.tsx';
import { isJobActive, tabFromSearch } from './generation-rules.ts';
import { JobPanel } from './job-panel.tsx';
import { AI_MESSAGES } from './messages.ts';
import { useAiJobs } from './use-ai-jobs.ts';

/** The history sits below the form and needs the paging and delete code: it comes after the page. */
const Gallery = lazyComponent<GalleryProps>(() => import('./gallery.tsx').then((module) => module.Gallery));

export type AiPageProps =
  | { state: 'guest' }
  | {
      state: 'ok';
      /** Null when the call failed (the cost line offers 重试). */
      info: AiGenerationInfo | null;
      /** Page 1 of 我的作品 (null when it failed: fetched again here). */
      gallery: AiJob[] | null;
      imageBase: string;
    };

const TABS: readonly { kind: AiJobKind; label: string; icon: LucideIcon }[] = [
  { kind: 'image', label: AI_MESSAGES.tabImage, icon: ImageIcon },
  { kind: 'video', label: AI_MESSAGES.tabVideo, icon: Clapperboard },
];

/** /ai: text to image and video, what they cost today, the running job, and the viewer's works. */
export function AiPage(props: AiPageProps) {
  return (
    <div className="mx-auto max-w-6xl px-3 pt-4 pb-10 md:px-6 md:pt-8">
      <header className="mb-4 px-1 md:mb-6">
        <h1 className="flex items-center gap-2 text-xl font-bold md:text-2xl">
          <Sparkles aria-hidden="true" className="size-6 text-violet-500" />
          {AI_MESSAGES.heading}
        </h1>
        <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{AI_MESSAGES.intro}</p>
      </header>
      {props.state === 'guest' ? <GuestIntro /> : <AiWorkspace {...props} />}
    </div>
  );
}

function AiWorkspace({ info: firstInfo, gallery, imageBase }: Extract<AiPageProps, { state: 'ok' }>) {
  const api = useApi();
  const location = useLocation();
  const navigate = useNavigate();
  const kind = tabFromSearch(location.search);
  const [info, setInfo] = useState(firstInfo);
  const [currentId, setCurrentId] = useState<number | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  const refreshInfo = useCallback(() => {
    api.call(aiGenerationInfo, {}).then(setInfo, () => {
      // The figures shown stay until the next answer; the server checks them anyway.
    });
  }, [api]);
  const { jobs, report, forget } = useAiJobs(refreshInfo);
  const current = currentId === null ? null : (jobs[currentId] ?? null);
  // Works still running from an earlier visit are followed too, so the history shows them end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader's page, once
  useEffect(() => {
    for (const job of gallery ?? []) if (isJobActive(job)) report(job);
  }, []);
  const onDeleted = useCallback(
    (jobId: number) => {
      setCurrentId((now) => (now === jobId ? null : now));
      forget(jobId);
    },
    [forget],
  );

  const selectTab = (next: AiJobKind) => {
    if (next === kind) return;
    const params = new URLSearchParams(location.search);
    if (next === 'video') params.set('tab', 'video');
    else params.delete('tab');
    const search = params.toString();
    void navigate({ search: search ? `?${search}` : '' }, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="space-y-8">
      <div className="md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:items-start md:gap-6 lg:gap-8">
        <div className="rounded-2xl bg-white p-4 ring-1 ring-gray-900/5 md:p-6 dark:bg-gray-900 dark:ring-white/10">
          <div
            role="tablist"
            aria-label={AI_MESSAGES.tabsLabel}
            className="mb-5 grid grid-cols-2 gap-1 rounded-full bg-gray-100 p-1 dark:bg-gray-800"
          >
            {TABS.map((tab) => {
              const isSelected = tab.kind === kind;
              return (
                <button
                  key={tab.kind}
                  type="button"
                  role="tab"
                  aria-selected={isSelected}
                  onClick={() => selectTab(tab.kind)}
                  data-testid={`ai-tab-${tab.kind}`}
                  className={cn(
                    'inline-flex h-9 items-center justify-center gap-1.5 rounded-full text-sm font-medium transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
                    isSelected
                      ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-white'
                      : 'text-gray-500 hover:text-gray-800 dark:text-gray-400 dark:hover:text-gray-100',
                  )}
                >
                  <tab.icon aria-hidden="true" className="size-4" />
                  {tab.label}
                </button>
              );
            })}
          </div>
          <div role="tabpanel" aria-label={kind === 'image' ? AI_MESSAGES.tabImage : AI_MESSAGES.tabVideo}>
            <GenerateForm
              kind={kind}
              info={info}
              onRetryInfo={refreshInfo}
              isBusy={current !== null && isJobActive(current)}
              onStarted={(job) => {
                report(job);
                setCurrentId(job.job_id);
                // On a phone the job shows below the form: bring it into view (a desktop keeps it beside).
                if (!window.matchMedia('(min-width: 768px)').matches) {
                  requestAnimationFrame(() => panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
                }
              }}
              onAnswered={refreshInfo}
            />
          </div>
        </div>
        <div ref={panel} className="mt-6 scroll-mt-16 md:sticky md:top-24 md:mt-0">
          <JobPanel job={current} imageBase={imageBase} />
        </div>
      </div>
      <Gallery firstPage={gallery} live={jobs} imageBase={imageBase} onDeleted={onDeleted} />
    </div>
  );
}

const TOOLS: readonly { icon: LucideIcon; title: string; hint: string }[] = [
  { icon: ImageIcon, title: AI_ENTRY_MESSAGES.toolImage, hint: AI_MESSAGES.toolImageHint },
  { icon: Clapperboard, title: AI_ENTRY_MESSAGES.toolVideo, hint: AI_MESSAGES.toolVideoHint },
  { icon: UserRound, title: AI_ENTRY_MESSAGES.toolAvatar, hint: AI_MESSAGES.toolAvatarHint },
];

/** What a visitor sees: what each tool does, and the login prompt. */
function GuestIntro() {
  return (
    <div data-testid="ai-guest">
      <ul className="grid gap-3 md:grid-cols-3">
        {TOOLS.map((tool) => (
          <li
            key={tool.title}
            className="flex items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-900/5 dark:bg-gray-900 dark:ring-white/10"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-primary-500 to-violet-500 text-white">
              <tool.icon aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-medium">{tool.title}</span>
              <span className="block text-xs text-gray-500 dark:text-gray-400">{tool.hint}</span>
            </span>
          </li>
        ))}
      </ul>
      <LoginPrompt
        icon={Sparkles}
        title={AI_MESSAGES.guestTitle}
        hint={AI_MESSAGES.guestHint}
        testId="ai-guest-login"
      />
    </div>
  );
}
