import { cn } from '~/ui/cn.ts';
import { isHighlightMarkup } from './highlight.ts';

type HighlightedProps = {
  /** A search answer's `highlight` field (escaped HTML, matches in <em>). */
  html: string;
  /** The same text unmarked, shown as plain text should the markup be anything else. */
  text: string;
  className?: string;
};

/** A search hit's text with what matched in the primary colour. */
export function Highlighted({ html, text, className }: HighlightedProps) {
  const classes = cn(
    '[&_em]:font-medium [&_em]:text-primary-600 [&_em]:not-italic dark:[&_em]:text-primary-400',
    className,
  );
  if (!isHighlightMarkup(html)) return <span className={classes}>{text}</span>;
  return (
    <span
      className={classes}
      // NOTE: the only HTML rendered from an answer. `highlight` is escaped on the server
      // character by character (apps/server/src/modules/search/highlight.ts), which adds
      // nothing but <em>; isHighlightMarkup checks that before it is used as markup.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-escaped, checked above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
