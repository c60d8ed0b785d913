import { COMMENT_MAX_LENGTH, formatMessage } from '@evcircle/contract/client';
import { LoaderCircle, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '~/ui/cn.ts';
import { COMMENTS_MESSAGES } from './messages.ts';
import type { ReplyTarget } from './use-comments.ts';

/** The counter shows from here on (and turns red past the limit). */
const COUNTER_FROM = COMMENT_MAX_LENGTH - 50;

type CommentComposerProps = {
  /** Logged out: the box is a button that opens the login modal. */
  isLoggedIn: boolean;
  onRequireLogin: () => void;
  target: ReplyTarget | null;
  onCancelTarget: () => void;
  /** Sends the text; resolves true when it was published (the box then empties). */
  onSubmit: (content: string) => Promise<boolean>;
};

/**
 * The box at the bottom of the comments (sticky on phones, as Chinese apps do): 说点什么…,
 * or 回复 @name with a cancel when answering someone. Enter sends, Shift+Enter starts a
 * new line (an IME's Enter that confirms a candidate does not send).
 */
export function CommentComposer({
  isLoggedIn,
  onRequireLogin,
  target,
  onCancelTarget,
  onSubmit,
}: CommentComposerProps) {
  const [text, setText] = useState('');
  const [isSending, setIsSending] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();

  // Answering someone puts the cursor in the box (on phones this brings up the keyboard).
  useEffect(() => {
    if (target) inputRef.current?.focus();
  }, [target]);

  // The box grows with the text up to about five lines, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, 128)}px`;
  }, [text]);

  const length = text.trim().length;
  const isTooLong = text.length > COMMENT_MAX_LENGTH;
  const canSend = length > 0 && !isTooLong && !isSending;

  async function submit() {
    if (!canSend) return;
    setIsSending(true);
    try {
      if (await onSubmit(text.trim())) setText('');
    } finally {
      setIsSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape' && target) {
      // Cancels the reply only: the post modal around it must not close too.
      event.preventDefault();
      event.stopPropagation();
      onCancelTarget();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    void submit();
  }

  function onFormSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  const placeholder = target
    ? formatMessage(COMMENTS_MESSAGES.replyPlaceholder, { name: target.name })
    : COMMENTS_MESSAGES.placeholder;

  return (
    <div
      data-testid="comment-composer"
      className={cn(
        'sticky bottom-0 z-10 -mx-4 border-t border-gray-200 bg-white/95 px-4 pt-2 backdrop-blur',
        'pb-[calc(0.5rem+env(safe-area-inset-bottom))] dark:border-gray-800 dark:bg-gray-900/95',
        // Under the phone layout's fixed tab bar: sit on top of it (it already keeps the home indicator clear).
        'in-data-[layout=default-mobile]:bottom-[calc(3.5rem+env(safe-area-inset-bottom))] in-data-[layout=default-mobile]:pb-2',
      )}
    >
      {isLoggedIn ? (
        <form onSubmit={onFormSubmit} aria-label={COMMENTS_MESSAGES.composerLabel}>
          {target ? (
            <div className="mb-1.5 flex items-center gap-1 text-xs text-gray-500 dark:text-gray-400">
              <span data-testid="composer-reply-to" className="min-w-0 truncate">
                {formatMessage(COMMENTS_MESSAGES.replyingTo, { name: target.name })}
              </span>
              <button
                type="button"
                onClick={onCancelTarget}
                aria-label={COMMENTS_MESSAGES.cancelReply}
                title={COMMENTS_MESSAGES.cancelReply}
                data-testid="composer-cancel-reply"
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-gray-100 hover:text-gray-900 dark:hover:bg-gray-800 dark:hover:text-white"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </div>
          ) : null}
          <div className="flex items-end gap-2">
            <textarea
              ref={inputRef}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              rows={1}
              maxLength={COMMENT_MAX_LENGTH}
              enterKeyHint="send"
              placeholder={placeholder}
              aria-label={target ? placeholder : COMMENTS_MESSAGES.composerLabel}
              aria-describedby={text.length >= COUNTER_FROM ? counterId : undefined}
              data-testid="comment-input"
              className={cn(
                'block max-h-32 min-h-10 flex-1 resize-none rounded-2xl bg-gray-100 px-4 py-2 text-[15px] leading-6',
                'text-gray-900 placeholder:text-gray-400 focus:bg-white focus:outline-2 focus:outline-primary-500',
                'dark:bg-gray-800 dark:text-gray-100 dark:placeholder:text-gray-500 dark:focus:bg-gray-900',
              )}
            />
            <button
              type="submit"
              disabled={!canSend}
              data-testid="comment-send"
              className={cn(
                'inline-flex h-10 shrink-0 items-center justify-center gap-1 rounded-full px-4 text-sm font-medium transition-colors',
                'bg-primary-600 text-white hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
                'disabled:cursor-not-allowed disabled:bg-gray-200 disabled:text-gray-400 dark:disabled:bg-gray-800 dark:disabled:text-gray-500',
              )}
            >
              {isSending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              {isSending ? COMMENTS_MESSAGES.sending : COMMENTS_MESSAGES.send}
            </button>
          </div>
          {text.length >= COUNTER_FROM ? (
            <p
              id={counterId}
              data-testid="comment-counter"
              aria-live="polite"
              className={cn(
                'mt-1 text-right text-xs tabular-nums',
                text.length >= COMMENT_MAX_LENGTH
                  ? 'text-red-600 dark:text-red-400'
                  : 'text-gray-500 dark:text-gray-400',
              )}
            >
              {formatMessage(COMMENTS_MESSAGES.counter, { count: text.length, max: COMMENT_MAX_LENGTH })}
            </p>
          ) : null}
        </form>
      ) : (
        <button
          type="button"
          onClick={onRequireLogin}
          data-testid="comment-login"
          className="flex h-10 w-full items-center rounded-full bg-gray-100 px-4 text-left text-[15px] text-gray-400 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-500 dark:hover:bg-gray-700"
        >
          {COMMENTS_MESSAGES.placeholder}
          <span className="ml-auto text-xs text-primary-700 dark:text-primary-400">
            {COMMENTS_MESSAGES.loginToComment}
          </span>
        </button>
      )}
    </div>
  );
}
