import {
  AI_AVATAR_STYLE_NAMES,
  type AiAvatar,
  ApiError,
  aiGenerateAvatar,
  aiGetAvatars,
  aiUseAvatar,
  formatMessage,
  resolveMediaUrl,
} from '@evcircle/contract/client';
import { Check, LoaderCircle, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { useRootData } from '~/lib/root-data.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { useToast } from '~/ui/toast.tsx';
import { AI_MESSAGES } from './messages.ts';

export type AvatarPickerProps = {
  /** The viewer's avatar changed: the page reloads the account (the header and profile follow). */
  onChanged: () => void;
};

type Choices = { state: 'loading' } | { state: 'ok'; avatars: AiAvatar[] } | { state: 'failed'; message: string };

/** The number of choices a set holds (one per style), for the placeholders. */
const SET_SIZE = Object.keys(AI_AVATAR_STYLE_NAMES).length;

/**
 * The settings page's AI 头像: the viewer's set of choices (one per style, drawn from the
 * nickname; the first set is drawn on first open), 换一批 for a new set, and a press on
 * one makes it the profile avatar.
 */
export function AvatarPicker({ onChanged }: AvatarPickerProps) {
  const api = useApi();
  const toast = useToast();
  const imageBase = useRootData()?.publicConfig.imageBase ?? '/files';
  const [choices, setChoices] = useState<Choices>({ state: 'loading' });
  const [isDrawing, setDrawing] = useState(false);
  const [usingId, setUsingId] = useState<number | null>(null);
  const [chosenId, setChosenId] = useState<number | null>(null);

  const load = useCallback(
    (fresh: boolean) => {
      setChoices((now) => (fresh && now.state === 'ok' ? now : { state: 'loading' }));
      setDrawing(fresh);
      const call = fresh ? api.call(aiGenerateAvatar, { uname: '' }) : api.call(aiGetAvatars, { uname: '' });
      call
        .then(
          (set) => {
            setChoices({ state: 'ok', avatars: set.avatars });
            setChosenId(null);
          },
          (error: unknown) => {
            const message = error instanceof ApiError ? error.message : AI_MESSAGES.avatarFailed;
            // 换一批 that failed keeps the set on show.
            if (fresh) toast.show(message, { tone: 'error' });
            setChoices((now) => (fresh && now.state === 'ok' ? now : { state: 'failed', message }));
          },
        )
        .finally(() => setDrawing(false));
    },
    [api, toast],
  );
  useEffect(() => load(false), [load]);

  async function use(avatar: AiAvatar) {
    setUsingId(avatar.id);
    try {
      await api.call(aiUseAvatar, { id: avatar.id });
      setChosenId(avatar.id);
      toast.show(AI_MESSAGES.avatarUsed, { tone: 'success' });
      onChanged();
    } catch (error) {
      toast.show(error instanceof ApiError ? error.message : AI_MESSAGES.avatarFailed, { tone: 'error' });
    } finally {
      setUsingId(null);
    }
  }

  return (
    <div data-testid="ai-avatars" data-state={choices.state}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <p className="text-xs text-gray-500 dark:text-gray-400">{AI_MESSAGES.avatarHint}</p>
        <Button
          variant="outline"
          size="sm"
          disabled={isDrawing || choices.state === 'loading' || usingId !== null}
          onClick={() => load(true)}
          data-testid="ai-avatars-more"
          className="shrink-0"
        >
          <RefreshCw aria-hidden="true" className={cn('size-4', isDrawing && 'animate-spin')} />
          {AI_MESSAGES.avatarMore}
        </Button>
      </div>
      {choices.state === 'failed' ? (
        <p
          role="alert"
          data-testid="ai-avatars-error"
          className="rounded-lg bg-gray-50 px-3 py-6 text-center text-sm text-gray-500 dark:bg-gray-800/50 dark:text-gray-400"
        >
          {choices.message}
        </p>
      ) : (
        <ul className={cn('grid grid-cols-3 gap-3 sm:grid-cols-6', isDrawing && 'opacity-60')} aria-busy={isDrawing}>
          {choices.state === 'loading'
            ? Array.from({ length: SET_SIZE }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
                <li key={index} className="flex flex-col items-center gap-2">
                  <Skeleton className="aspect-square w-full max-w-24 rounded-full" />
                  <Skeleton className="h-3 w-10" />
                </li>
              ))
            : choices.avatars.map((avatar) => {
                const style = AI_AVATAR_STYLE_NAMES[avatar.style];
                const isChosen = avatar.id === chosenId;
                return (
                  <li key={avatar.id}>
                    <button
                      type="button"
                      aria-pressed={isChosen}
                      aria-label={formatMessage(AI_MESSAGES.avatarUse, { style })}
                      disabled={usingId !== null || isDrawing}
                      onClick={() => void use(avatar)}
                      data-testid="ai-avatar-choice"
                      data-style={avatar.style}
                      className="group flex w-full flex-col items-center gap-1.5 rounded-xl p-1 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:cursor-wait"
                    >
                      <span
                        className={cn(
                          'relative block aspect-square w-full max-w-24 overflow-hidden rounded-full bg-gray-100 ring-2 transition dark:bg-gray-800',
                          isChosen
                            ? 'ring-primary-500'
                            : 'ring-transparent group-hover:ring-primary-300 dark:group-hover:ring-primary-700',
                        )}
                      >
                        <img
                          src={resolveMediaUrl(avatar.url, imageBase)}
                          alt=""
                          className="size-full object-cover"
                          loading="lazy"
                        />
                        {usingId === avatar.id || isChosen ? (
                          <span className="absolute inset-0 flex items-center justify-center bg-black/40 text-white">
                            {isChosen ? (
                              <Check aria-hidden="true" className="size-6" />
                            ) : (
                              <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
                            )}
                          </span>
                        ) : null}
                      </span>
                      <span className="text-xs text-gray-600 dark:text-gray-300">
                        {isChosen ? AI_MESSAGES.avatarChosen : style}
                      </span>
                    </button>
                  </li>
                );
              })}
        </ul>
      )}
      <p className="mt-3 text-[11px] text-gray-400 dark:text-gray-500">{AI_MESSAGES.avatarCredit}</p>
    </div>
  );
}
