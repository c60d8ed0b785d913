import { Download } from 'lucide-react';
import { promptInstall, useCanPromptInstall } from '~/features/pwa/index.ts';
import { Button } from '~/ui/button.tsx';
import { useToast } from '~/ui/toast.tsx';
import { DOWNLOAD_MESSAGES } from './messages.ts';

/**
 * A one-tap install button, shown only where the browser offers installation itself
 * (Chrome, Edge and most Android browsers; the offer is kept by features/pwa from the
 * moment the page loads, whichever page that was). Elsewhere the written steps apply.
 */
export function InstallButton() {
  const canPrompt = useCanPromptInstall();
  const toast = useToast();

  if (!canPrompt) return null;
  return (
    <Button
      size="lg"
      className="w-full"
      data-testid="install-button"
      onClick={async () => {
        if (await promptInstall()) toast.show(DOWNLOAD_MESSAGES.installed, { tone: 'success' });
      }}
    >
      <Download aria-hidden="true" className="size-5" />
      {DOWNLOAD_MESSAGES.installNow}
    </Button>
  );
}
