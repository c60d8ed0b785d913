import { useState } from 'react';
import { useRequireLogin } from '~/features/auth/index.ts';
import { ShareToChatSheet } from '~/features/chat/index.ts';
import { ShareSheet } from '~/ui/share-sheet.tsx';
import { POST_MESSAGES } from './messages.ts';

type PostShareSheetsProps = {
  pid: number;
  /** The link to share; null keeps the share sheet closed. */
  url: string | null;
  title: string;
  onClose: () => void;
};

/**
 * Sharing a post: the share sheet (link, QR code) with 分享到私信, and the list of people
 * that opens. Loaded when a post is first shared, so the post page carries none of it.
 */
export function PostShareSheets({ pid, url, title, onClose }: PostShareSheetsProps) {
  const [isChatOpen, setChatOpen] = useState(false);
  const requireLogin = useRequireLogin();
  return (
    <>
      <ShareSheet
        url={url}
        title={title}
        words={{ heading: POST_MESSAGES.shareTitle, linkLabel: POST_MESSAGES.shareLink, qrAlt: POST_MESSAGES.qrAlt }}
        onClose={onClose}
        action={{
          label: POST_MESSAGES.shareToChat,
          'data-testid': 'share-to-chat',
          onClick: () => {
            // One dialog at a time: the login or the list of people replaces this sheet.
            onClose();
            if (requireLogin()) setChatOpen(true);
          },
        }}
      />
      <ShareToChatSheet open={isChatOpen} target={{ kind: 'post', pid }} onClose={() => setChatOpen(false)} />
    </>
  );
}
