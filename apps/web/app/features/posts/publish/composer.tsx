import {
  ApiError,
  type Draft,
  draftCount,
  formatMessage,
  POST_CONTENT_MAX_LENGTH,
  type PostTheme,
  postRelease,
} from '@evcircle/contract/client';
import { FileText, LoaderCircle } from 'lucide-react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DraftsSheet } from '~/features/drafts/index.ts';
import { useApi } from '~/lib/api.ts';
import { lazyComponent, lazyDialog } from '~/lib/lazy-component.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { useToast } from '~/ui/toast.tsx';
import { POST_THEME_LABELS } from '../themes/themes.ts';
import {
  composerFromDraft,
  composerReducer,
  EMPTY_COMPOSER,
  isBlank,
  isUploading,
  postFields,
  publishBlocker,
} from './composer-state.ts';
import { forgetOwnComposerUrl, useReplaceDraftParam } from './composer-url.ts';
import { MediaField } from './media-field.tsx';
import { PUBLISH_MESSAGES } from './messages.ts';
import { CheckinSwitch, LocationField, ThemePicker } from './post-options.tsx';
import { useDraftAutosave } from './use-draft-autosave.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useMediaUploads } from './use-media-uploads.ts';

/**
 * The autosave line (已自动保存 14:03, its icons and the Beijing clock) loads beside the
 * page: it says nothing until a draft is first saved.
 */
const SaveIndicator = lazyComponent(() => import('./save-indicator.tsx').then((module) => module.SaveIndicator));

/** 离开发布页？ loads when leaving is first held up. */
const LeaveDialog = lazyDialog(
  () => import('./leave-dialog.tsx').then((module) => module.LeaveDialog),
  (props) => props.open,
);

type ComposerProps = {
  /** The draft being resumed (`?did=`), or null for a new post. */
  draft: Draft | null;
  /** `?did=` named a draft that is not (or no longer) the viewer's. */
  isDraftMissing: boolean;
  /** Start with the drafts list open (`?drafts=1`, which the composer then drops). */
  isDraftsOpen?: boolean;
  draftCount: number | null;
  imageBase: string;
};

const ROW = 'border-t border-gray-100 pt-5 dark:border-gray-800';

/**
 * The composer of /publish: text, images or a video, theme, place and check-in, saved to
 * the drafts a few seconds after each change and published with postRelease (which
 * removes the draft in the same step).
 */
export function Composer({
  draft,
  isDraftMissing,
  isDraftsOpen: isDraftsOpenAtStart = false,
  draftCount: initialCount,
  imageBase,
}: ComposerProps) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const replaceDid = useReplaceDraftParam();
  const [state, dispatch] = useReducer(composerReducer, draft, (d) =>
    d ? composerFromDraft(d, imageBase) : EMPTY_COMPOSER,
  );
  const uploads = useMediaUploads(dispatch);
  const [isPublishing, setIsPublishing] = useState(false);
  const [count, setCount] = useState(initialCount);
  const [isDraftsOpen, setIsDraftsOpen] = useState(isDraftsOpenAtStart);
  // The list opened once; a reload of the address should not open it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only at the start
  useEffect(() => {
    if (isDraftsOpenAtStart) replaceDid(draft?.did ?? null);
  }, []);

  const refreshCount = useCallback(() => {
    api
      .call(draftCount, {})
      .then((result) => setCount(result.count))
      .catch(() => undefined);
  }, [api]);

  const autosave = useDraftAutosave({
    state,
    initialDid: draft?.did ?? null,
    isPaused: isPublishing,
    onCreated: (did) => {
      refreshCount();
      // 保存并离开 made the draft: the page is about to go, and a navigation now would
      // cancel the one the dialog holds.
      if (!isLeaving.current) replaceDid(did);
    },
  });

  const uploading = isUploading(state);
  const { blocker, leaveFreely } = useLeaveGuard(!isPublishing && (autosave.isDirty || uploading));
  const isLeaving = useRef(false);
  isLeaving.current = blocker.state === 'blocked';
  const blockReason = publishBlocker(state);

  // `?did=` of a draft that is gone: say so once and drop it from the address.
  const toldMissing = useRef(false);
  useEffect(() => {
    if (!isDraftMissing || toldMissing.current) return;
    toldMissing.current = true;
    toast.show(PUBLISH_MESSAGES.draftMissing);
    replaceDid(null);
  }, [isDraftMissing, toast, replaceDid]);

  async function saveDraft(): Promise<boolean> {
    try {
      const saved = await autosave.save();
      toast.show(saved ? PUBLISH_MESSAGES.draftSaved : PUBLISH_MESSAGES.nothingToSave, {
        tone: saved ? 'success' : 'info',
      });
      return saved;
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : PUBLISH_MESSAGES.draftSaveFailed, { tone: 'error' });
      return false;
    }
  }

  async function publish() {
    if (blockReason || isPublishing || state.theme === '') return;
    setIsPublishing(true);
    try {
      // An autosave still running may be creating the draft: publish that one, so it goes.
      const did = await autosave.settle();
      const theme: PostTheme = state.theme;
      const { pid } = await api.call(postRelease, { ...postFields(state), type: theme, did: did ?? undefined });
      autosave.markClean(null);
      leaveFreely();
      toast.show(PUBLISH_MESSAGES.published, { tone: 'success' });
      await navigate(`/post/${pid}`);
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : PUBLISH_MESSAGES.publishFailed, { tone: 'error' });
      setIsPublishing(false);
    }
  }

  function openDraft(chosen: Draft) {
    setIsDraftsOpen(false);
    if (chosen.did === autosave.did) return;
    forgetOwnComposerUrl();
    void navigate(`/publish?did=${chosen.did}`);
  }

  function onDraftDeleted(did: number) {
    if (did !== autosave.did) return;
    // The draft on screen is gone: start afresh (the route loads an empty composer).
    setIsDraftsOpen(false);
    leaveFreely();
    forgetOwnComposerUrl();
    void navigate('/publish', { replace: true });
  }

  const length = state.content.length;
  return (
    <div className="mx-auto w-full max-w-3xl px-3 pt-4 md:px-6 md:pt-8">
      <div className="flex items-center justify-between gap-3 px-1">
        <h1 className="text-xl font-bold md:text-2xl">{PUBLISH_MESSAGES.heading}</h1>
        <Button variant="outline" size="sm" data-testid="open-drafts" onClick={() => setIsDraftsOpen(true)}>
          <FileText aria-hidden="true" className="size-4" />
          {count === null ? PUBLISH_MESSAGES.drafts : formatMessage(PUBLISH_MESSAGES.draftsWithCount, { count })}
        </Button>
      </div>

      <form
        data-testid="composer"
        className="mt-4 space-y-5 rounded-2xl bg-white p-4 ring-1 ring-gray-900/5 md:mt-6 md:p-6 dark:bg-gray-900 dark:ring-white/10"
        onSubmit={(event) => {
          event.preventDefault();
          void publish();
        }}
      >
        <div>
          <label htmlFor="post-content" className="sr-only">
            {PUBLISH_MESSAGES.contentLabel}
          </label>
          <textarea
            id="post-content"
            data-testid="post-content"
            value={state.content}
            maxLength={POST_CONTENT_MAX_LENGTH}
            onChange={(event) => dispatch({ type: 'setContent', value: event.target.value })}
            placeholder={PUBLISH_MESSAGES.contentPlaceholder}
            rows={5}
            className="field-sizing-content block max-h-[60vh] min-h-32 w-full resize-none bg-transparent text-base leading-relaxed placeholder:text-gray-400 focus:outline-none dark:placeholder:text-gray-500"
          />
          <p
            data-testid="content-counter"
            aria-live="polite"
            className={cn(
              'mt-1 text-right text-xs tabular-nums',
              length >= POST_CONTENT_MAX_LENGTH
                ? 'text-red-600 dark:text-red-400'
                : length > POST_CONTENT_MAX_LENGTH * 0.9
                  ? 'text-amber-600 dark:text-amber-400'
                  : 'text-gray-400 dark:text-gray-500',
            )}
          >
            {formatMessage(PUBLISH_MESSAGES.counter, { count: length, max: POST_CONTENT_MAX_LENGTH })}
          </p>
        </div>

        <section aria-label={PUBLISH_MESSAGES.mediaLabel}>
          <MediaField state={state} dispatch={dispatch} uploads={uploads} />
        </section>

        <div className={ROW}>
          <ThemePicker value={state.theme} onChange={(value) => dispatch({ type: 'setTheme', value })} />
        </div>

        <div className={ROW}>
          <LocationField
            location={state.location}
            latitude={state.latitude}
            longitude={state.longitude}
            onLocationChange={(value) => dispatch({ type: 'setLocation', value })}
            onCoordinatesChange={(c) => dispatch({ type: 'setCoordinates', ...c })}
          />
        </div>

        <div className={ROW}>
          <CheckinSwitch checked={state.checkin} onChange={(value) => dispatch({ type: 'setCheckin', value })} />
        </div>

        <div
          className={cn(
            'sticky z-20 -mx-4 -mb-4 flex items-center gap-3 rounded-b-2xl border-t border-gray-100 bg-white/95 px-4 py-3 backdrop-blur md:-mx-6 md:-mb-6 md:px-6',
            'dark:border-gray-800 dark:bg-gray-900/95',
            // Above the phone's tab bar; at the bottom of the window on desktop.
            isMobile ? 'bottom-[calc(3.5rem+env(safe-area-inset-bottom))]' : 'bottom-0',
          )}
        >
          <div className="min-w-0 flex-1 text-xs leading-5">
            <SaveIndicator status={autosave.status} />
            {blockReason ? (
              <p id="publish-hint" data-testid="publish-hint" className="line-clamp-2 text-gray-500 dark:text-gray-400">
                {blockReason}
              </p>
            ) : null}
          </div>
          <Button
            variant="outline"
            data-testid="save-draft"
            disabled={isBlank(state) || autosave.status.state === 'saving' || isPublishing}
            onClick={() => void saveDraft()}
            className="shrink-0 disabled:opacity-50"
          >
            {PUBLISH_MESSAGES.saveDraft}
          </Button>
          <Button
            type="submit"
            data-testid="publish"
            disabled={blockReason !== null || isPublishing}
            aria-describedby={blockReason ? 'publish-hint' : undefined}
            className="min-w-20 shrink-0 dark:disabled:bg-gray-800 dark:disabled:text-gray-500"
          >
            {isPublishing ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
            {isPublishing ? PUBLISH_MESSAGES.publishing : PUBLISH_MESSAGES.publish}
          </Button>
        </div>
      </form>
      {/* Room below the form so its sticky bar can rest over the end of the page. */}
      <div aria-hidden="true" className="h-8" />

      <DraftsSheet
        open={isDraftsOpen}
        onClose={() => setIsDraftsOpen(false)}
        currentDid={autosave.did}
        count={count}
        onCountChange={setCount}
        onOpenDraft={openDraft}
        onDeleted={onDraftDeleted}
        imageBase={imageBase}
        themeLabels={POST_THEME_LABELS}
      />
      <LeaveDialog
        open={blocker.state === 'blocked'}
        isUploading={uploading}
        canSave={!isBlank(state)}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
        onSave={saveDraft}
      />
    </div>
  );
}
