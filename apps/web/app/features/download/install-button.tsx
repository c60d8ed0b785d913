import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '~/ui/button.tsx';
import { useToast } from '~/ui/toast.tsx';
import { DOWNLOAD_MESSAGES } from './messages.ts';

/** Chrome's install prompt event (not in the DOM typings). */
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

/**
 * A one-tap install button, shown only where the browser offers installation itself
 * (Chrome, Edge and most Android browsers). Elsewhere the written steps apply.
 */
export function InstallButton() {
  const [promptEvent, setPromptEvent] = useState<InstallPromptEvent | null>(null);
  const toast = useToast();

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPromptEvent(event as InstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);

  if (!promptEvent) return null;
  return (
    <Button
      size="lg"
      className="w-full"
      onClick={async () => {
        await promptEvent.prompt();
        const { outcome } = await promptEvent.userChoice;
        setPromptEvent(null);
        if (outcome === 'accepted') toast.show(DOWNLOAD_MESSAGES.installed, { tone: 'success' });
      }}
    >
      <Download aria-hidden="true" className="size-5" />
      {DOWNLOAD_MESSAGES.installNow}
    </Button>
  );
}
