import { useEffect, useRef } from 'react';
import { CHAT_MESSAGES } from './messages.ts';

/** Common emoji, as a small fixed set (no emoji library: its data would outweigh the chat). */
const EMOJI = [
  '😀 😄 😁 😂 🤣 😊 😍 😘 😎 🤔',
  '😅 😭 😡 😱 😴 🥳 🤗 🙄 😏 😬',
  '👍 👎 👏 🙏 💪 👌 ✌️ 🤝 👋 🙌',
  '❤️ 💔 🔥 ✨ 🎉 🌹 ☕ 🍻 🚗 ⚡',
  '🔋 🛣️ 📍 📷 ✅ ❌ ❓ 💯 🌙 ☀️',
]
  .join(' ')
  .split(' ');

type EmojiPanelProps = {
  id: string;
  onPick: (emoji: string) => void;
  onClose: () => void;
};

/** A grid of emoji over the composer; Esc or a tap outside closes it. */
export function EmojiPanel({ id, onPick, onClose }: EmojiPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as HTMLElement;
      if (panel.current?.contains(target) || target.closest('[data-testid="chat-emoji"]')) return;
      close.current();
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <div
      ref={panel}
      id={id}
      data-testid="emoji-panel"
      className="absolute inset-x-2 bottom-full z-10 mb-2 max-h-56 overflow-y-auto rounded-2xl bg-white p-2 shadow-lg ring-1 ring-gray-900/10 md:right-auto md:left-3 md:w-[26rem] dark:bg-gray-800 dark:ring-white/10"
    >
      <fieldset className="m-0 min-w-0 border-0 p-0">
        <legend className="sr-only">{CHAT_MESSAGES.emojiPanel}</legend>
        <div className="grid grid-cols-8 gap-1 sm:grid-cols-10">
          {EMOJI.map((emoji) => (
            <button
              key={emoji}
              type="button"
              onClick={() => onPick(emoji)}
              className="flex aspect-square items-center justify-center rounded-lg text-2xl hover:bg-gray-100 dark:hover:bg-gray-700"
            >
              {emoji}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
