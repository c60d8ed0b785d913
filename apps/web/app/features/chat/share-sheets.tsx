import { useState } from 'react';
import { useRequireLogin } from '~/features/auth/index.ts';
import { ShareSheet, type ShareWords } from '~/ui/share-sheet.tsx';
import { ShareToChatSheet } from './lazy-share-to-chat.tsx';
import { CHAT_MESSAGES } from './messages.ts';
import type { ChatShareTarget } from './share-to-chat-sheet.tsx';

export type ShareSheetsProps = {
  /** What 分享到私信 sends: a post or a product. */
  target: ChatShareTarget;
  /** The link to share; null keeps the share sheet closed. */
  url: string | null;
  title: string;
  words: ShareWords;
  onClose: () => void;
};

/**
 * Sharing a post or a product: the share sheet (link, QR code) with 分享到私信, and the
 * list of people that opens (after the login, when logged out).
 */
export function ShareSheets({ target, url, title, words, onClose }: ShareSheetsProps) {
  const [isChatOpen, setChatOpen] = useState(false);
  const requireLogin = useRequireLogin();
  return (
    <>
      <ShareSheet
        url={url}
        title={title}
        words={words}
        onClose={onClose}
        action={{
          label: CHAT_MESSAGES.shareToChat,
          'data-testid': 'share-to-chat',
          onClick: () => {
            // One dialog at a time: the login or the list of people replaces this sheet.
            onClose();
            if (requireLogin()) setChatOpen(true);
          },
        }}
      />
      <ShareToChatSheet open={isChatOpen} target={target} onClose={() => setChatOpen(false)} />
    </>
  );
}
