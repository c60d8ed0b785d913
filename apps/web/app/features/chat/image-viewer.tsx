import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { IconButton } from '~/ui/icon-button.tsx';
import { UI_MESSAGES } from '~/ui/messages.ts';
import { CHAT_MESSAGES } from './messages.ts';

type ImageViewerProps = { src: string | null; onClose: () => void };

/** A chat image at full size over everything (a native modal dialog); a tap, Esc or × closes it. */
export function ImageViewer({ src, onClose }: ImageViewerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (src && !dialog.open) dialog.showModal();
    if (!src && dialog.open) dialog.close();
  }, [src]);
  return (
    // A tap anywhere closes it; Esc is the dialog's own.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc is handled natively by <dialog>
    <dialog
      ref={ref}
      aria-label={CHAT_MESSAGES.imageViewer}
      data-testid="image-viewer"
      onClose={onClose}
      onClick={onClose}
      className="m-0 h-dvh max-h-none w-screen max-w-none items-center justify-center bg-black/90 p-0 backdrop:bg-black/80 open:flex"
    >
      {src ? <img src={src} alt={CHAT_MESSAGES.image} className="max-h-full max-w-full object-contain" /> : null}
      <IconButton
        label={UI_MESSAGES.close}
        onClick={onClose}
        className="absolute top-3 right-3 text-white hover:bg-white/10 hover:text-white dark:text-white"
      >
        <X aria-hidden="true" className="size-6" />
      </IconButton>
    </dialog>
  );
}
