import { cn } from '~/ui/cn.ts';
import { linkify } from './linkify.ts';
import { UserLink } from './user-link.tsx';

/** User text with its http(s) addresses drawn as links, through UserLink (linked-text.tsx). */
export function LinkedParts({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <>
      {linkify(text).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <UserLink
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order; they never move
            key={index}
            url={part.url}
            data-testid="user-link"
            className={cn('break-all underline underline-offset-2', linkClassName)}
          >
            {part.text}
          </UserLink>
        ),
      )}
    </>
  );
}
