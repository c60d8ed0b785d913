import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Within this distance of the end, the view counts as at the bottom (new messages keep it there). */
const BOTTOM_SLACK_PX = 48;

type Options = {
  /** The oldest stored message's id (0: none): when it drops, older messages came in above. */
  firstId: number;
  /** The key of the last row: when it changes, something came in below. */
  lastKey: string;
  /** The last row is the viewer's own (just sent): followed wherever the view was. */
  isLastOwn: boolean;
};

/**
 * Where a chat's scroller stands as messages come and go. Older messages above keep what
 * was on screen in place; new ones below are followed when the view was at the bottom or
 * the viewer sent them, else `hasNewBelow` offers a jump down. Give `scroller` and
 * `onScroll` to the scrolling element; give `content` to what it scrolls to keep the
 * bottom while images, cards or the typing line grow it later.
 */
export function useChatScroll({ firstId, lastKey, isLastOwn }: Options) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  const [hasNewBelow, setHasNewBelow] = useState(false);
  const snapshot = useRef({ firstId: 0, lastKey: '', scrollHeight: 0, scrollTop: 0 });

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    isAtBottom.current = true;
    setHasNewBelow(false);
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = snapshot.current;
    if (before.firstId !== 0 && firstId !== 0 && firstId < before.firstId) {
      el.scrollTop = before.scrollTop + (el.scrollHeight - before.scrollHeight);
    } else if (lastKey !== before.lastKey) {
      if (isAtBottom.current || isLastOwn) scrollToBottom();
      else if (lastKey) setHasNewBelow(true);
    }
    snapshot.current = { firstId, lastKey, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
  });

  useEffect(() => {
    const inner = content.current;
    if (!inner) return;
    const observer = new ResizeObserver(() => {
      if (isAtBottom.current) {
        const el = scroller.current;
        if (el) el.scrollTop = el.scrollHeight;
      }
      if (scroller.current) snapshot.current.scrollHeight = scroller.current.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    isAtBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    if (isAtBottom.current) setHasNewBelow(false);
    snapshot.current.scrollTop = el.scrollTop;
    snapshot.current.scrollHeight = el.scrollHeight;
  }, []);

  return { scroller, content, onScroll, hasNewBelow, scrollToBottom };
}
