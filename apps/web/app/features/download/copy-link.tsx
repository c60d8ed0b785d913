import { Copy } from 'lucide-react';
import { Button } from '~/ui/button.tsx';
import { useToast } from '~/ui/toast.tsx';
import { DOWNLOAD_MESSAGES } from './messages.ts';

export function CopyLink({ url }: { url: string }) {
  const toast = useToast();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(url);
          toast.show(DOWNLOAD_MESSAGES.copied, { tone: 'success' });
        } catch {
          // No clipboard on plain http or when the permission is refused.
          toast.show(DOWNLOAD_MESSAGES.copyFailed, { tone: 'error' });
        }
      }}
    >
      <Copy aria-hidden="true" className="size-4" />
      {DOWNLOAD_MESSAGES.copyLink}
    </Button>
  );
}
