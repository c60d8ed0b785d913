import { Ellipsis } from 'lucide-react';
import type { ComponentProps, MouseEvent } from 'react';
import { IconButton } from '~/ui/icon-button.tsx';
import { UI_MESSAGES } from '~/ui/messages.ts';

/** Menus sit inside clickable cards: their clicks must not open the card. */
export function stopClick(event: MouseEvent) {
  event.stopPropagation();
}

/** The … button: it opens the dropdown (desktop) or the action sheet (phones). */
export function MoreButton({ onClick, ...props }: Omit<ComponentProps<typeof IconButton>, 'title' | 'data-testid'>) {
  return (
    <IconButton
      title={UI_MESSAGES.more}
      data-testid="content-menu-button"
      onClick={(event) => {
        event.preventDefault();
        onClick?.(event);
      }}
      {...props}
    >
      <Ellipsis aria-hidden="true" className="size-5" />
    </IconButton>
  );
}
