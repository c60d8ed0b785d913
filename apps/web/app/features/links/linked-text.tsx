import { lazyComponent } from '~/lib/lazy-component.ts';

type LinkedTextProps = { text: string; linkClassName?: string };

// NOTE: no `g` flag: test() on a global regex keeps its position between calls.
const MAY_HOLD_LINK = /https?:\/\//i;

/** The linking code, in its own chunk: most texts hold no address and never load it. */
const LinkedParts = lazyComponent<LinkedTextProps>(
  () => import('./linked-parts.tsx').then((module) => module.LinkedParts),
  ({ text }) => text,
);

/**
 * User text (posts, comments, chat) with its http(s) addresses as links (through
 * UserLink and the interstitial). `linkClassName` colours them for their background (a
 * chat bubble of one's own is green). A text without "http://" or "https://" stays a plain
 * string; one with an address renders on the server in full, and in the browser keeps
 * that HTML while the linking code arrives.
 */
export function LinkedText({ text, linkClassName }: LinkedTextProps) {
  if (!MAY_HOLD_LINK.test(text)) return text;
  return <LinkedParts text={text} linkClassName={linkClassName} />;
}
