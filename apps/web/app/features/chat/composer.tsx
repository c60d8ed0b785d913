import {
  CHAT_TEXT_MAX_LENGTH,
  type ChatTypingInput,
  formatMessage,
  REALTIME_EVENTS,
  TYPING_THROTTLE_MS,
} from '@evcircle/contract/client';
import { ImagePlus, SendHorizontal, Smile } from 'lucide-react';
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { emitLive } from '~/features/realtime/index.ts';
import { lazyComponent } from '~/lib/lazy-component.ts';
import { cn } from '~/ui/cn.ts';
import { IconButton } from '~/ui/icon-button.tsx';
import { CHAT_MESSAGES } from './messages.ts';

const EmojiPanel = lazyComponent(() => import('./emoji-panel.tsx').then((module) => module.EmojiPanel));

/** The counter shows when this close to the limit. */
const COUNTER_FROM = CHAT_TEXT_MAX_LENGTH - 200;
/** The input grows to this height, then scrolls. */
const INPUT_MAX_PX = 128;

type ComposerProps = {
  /** The other person of a private chat, told when the viewer types; none in a team chat. */
  peerId?: number;
  /** A line over the input (对方回复前还可发送 N 条), or null. */
  hint: string | null;
  /** The conversation is not open yet (or failed to open). */
  isDisabled: boolean;
  /** Phones send with the button; Enter makes a new line there. */
  isMobile: boolean;
  onSendText: (text: string) => void;
  onSendImage: (file: File) => void;
};

/**
 * The message input: a textarea that grows with its text (Enter sends on desktop,
 * Shift+Enter breaks the line; on phones the send button sends), an emoji panel, an image
 * from the device (uploaded, then sent as an image message), and the typing signal to
 * the other person of a private chat, at most every TYPING_THROTTLE_MS while the text
 * changes. Team chats use it too (no typing signal there).
 */
export function Composer({ peerId, hint, isDisabled, isMobile, onSendText, onSendImage }: ComposerProps) {
  const [text, setText] = useState('');
  const [isEmojiOpen, setEmojiOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const emojiPanelId = useId();
  const trimmed = text.trim();
  const canSend = !isDisabled && trimmed !== '' && text.length <= CHAT_TEXT_MAX_LENGTH;

  // Desktop: the cursor is in the input as soon as the conversation is open.
  useEffect(() => {
    if (!isMobile && !isDisabled) input.current?.focus({ preventScroll: true });
  }, [isMobile, isDisabled]);

  const resize = () => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, INPUT_MAX_PX)}px`;
  };

  const signalTyping = (next: string) => {
    if (peerId === undefined || next.trim() === '') return;
    const now = Date.now();
    if (now - lastTyping.current < TYPING_THROTTLE_MS) return;
    lastTyping.current = now;
    emitLive(REALTIME_EVENTS.chatTyping, { receiver_id: peerId } satisfies ChatTypingInput);
  };

  const edit = (next: string) => {
    setText(next);
    signalTyping(next);
    requestAnimationFrame(resize);
  };

  const send = () => {
    if (!canSend) return;
    onSendText(trimmed);
    setText('');
    lastTyping.current = 0;
    requestAnimationFrame(resize);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isMobile || event.key !== 'Enter' || event.shiftKey) return;
    // Enter that picks a word of the input method is not a send.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  const insertEmoji = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${emoji}${text.slice(end)}`;
    if (next.length > CHAT_TEXT_MAX_LENGTH) return;
    edit(next);
    requestAnimationFrame(() => {
      if (!el) return;
      const caret = start + emoji.length;
      el.setSelectionRange(caret, caret);
      if (!isMobile) el.focus();
    });
  };

  const pickImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onSendImage(file);
  };

  return (
    <div className="relative shrink-0 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-gray-800 dark:bg-gray-900">
      {isEmojiOpen ? <EmojiPanel id={emojiPanelId} onPick={insertEmoji} onClose={() => setEmojiOpen(false)} /> : null}
      {hint ? (
        <p
          data-testid="send-left"
          className="border-b border-amber-100 bg-amber-50 px-4 py-1.5 text-center text-xs text-amber-800 dark:border-amber-900/50 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {hint}
        </p>
      ) : null}
      <div className="flex items-end gap-1.5 px-2 py-2.5 md:px-3">
        <IconButton
          label={CHAT_MESSAGES.emoji}
          aria-expanded={isEmojiOpen}
          aria-controls={isEmojiOpen ? emojiPanelId : undefined}
          onClick={() => setEmojiOpen((open) => !open)}
          disabled={isDisabled}
          data-testid="chat-emoji"
          className={cn(isEmojiOpen && 'text-primary-600 dark:text-primary-400')}
        >
          <Smile aria-hidden="true" className="size-5.5" />
        </IconButton>
        <IconButton
          label={CHAT_MESSAGES.sendImage}
          onClick={() => fileInput.current?.click()}
          disabled={isDisabled}
          data-testid="chat-image"
        >
          <ImagePlus aria-hidden="true" className="size-5.5" />
        </IconButton>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          onChange={pickImage}
          data-testid="chat-image-input"
        />
        <label className="relative min-w-0 flex-1">
          <span className="sr-only">{CHAT_MESSAGES.inputLabel}</span>
          <textarea
            ref={input}
            rows={1}
            value={text}
            maxLength={CHAT_TEXT_MAX_LENGTH}
            disabled={isDisabled}
            enterKeyHint={isMobile ? 'enter' : 'send'}
            placeholder={isMobile ? CHAT_MESSAGES.inputPlaceholder : CHAT_MESSAGES.inputPlaceholderDesktop}
            onChange={(event) => edit(event.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => setEmojiOpen(false)}
            data-testid="chat-input"
            className="block max-h-32 min-h-9 w-full resize-none rounded-2xl border border-gray-200 bg-gray-50 px-3.5 py-1.5 text-[15px] leading-6 text-gray-900 outline-none placeholder:text-gray-400 focus:border-primary-500 focus:bg-white disabled:opacity-60 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100 dark:placeholder:text-gray-500 dark:focus:border-primary-400 dark:focus:bg-gray-800"
          />
          {text.length >= COUNTER_FROM ? (
            <span
              data-testid="chat-counter"
              className={cn(
                'absolute -top-5 right-1 text-[11px] tabular-nums',
                text.length >= CHAT_TEXT_MAX_LENGTH ? 'text-red-600 dark:text-red-400' : 'text-gray-400',
              )}
            >
              {text.length}/{CHAT_TEXT_MAX_LENGTH}
              <span className="sr-only">{formatMessage(CHAT_MESSAGES.tooLong, { max: CHAT_TEXT_MAX_LENGTH })}</span>
            </span>
          ) : null}
        </label>
        <button
          type="button"
          onClick={send}
          disabled={!canSend}
          data-testid="chat-send"
          aria-label={CHAT_MESSAGES.send}
          className="inline-flex h-9 shrink-0 items-center gap-1 rounded-full bg-primary-600 px-3.5 text-sm font-medium text-white transition-colors hover:bg-primary-700 disabled:bg-gray-200 disabled:text-gray-400 dark:disabled:bg-gray-800 dark:disabled:text-gray-500"
        >
          <SendHorizontal aria-hidden="true" className="size-4" />
          <span className="max-md:sr-only">{CHAT_MESSAGES.send}</span>
        </button>
      </div>
    </div>
  );
}
