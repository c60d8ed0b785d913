import { type ApiClient, ApiError, bookmarkSave } from '@evcircle/contract/client';
import type { NavigateFunction } from 'react-router';
import type { useToast } from '~/ui/toast.tsx';

// Loaded on the first tap of 收藏 on a post or a product (save-button.tsx), so those
// pages' first load carries only the button.

/** What the toasts say (zh-CN), here with the code that shows them. */
const WORDS = {
  saved: '已收藏',
  updated: '已更新收藏',
  view: '查看',
  failed: '收藏失败，请稍后重试',
} as const;

type SavePageInput = {
  api: ApiClient;
  toast: ReturnType<typeof useToast>;
  navigate: NavigateFunction;
  /** This site's origin (PUBLIC_URL), so a link saved here opens the same page everywhere. */
  origin: string;
  path: string;
  title: string;
};

/**
 * Saves this site's page at `path` as the viewer's bookmark (bookmark/save: the same URL
 * again updates it) and says so with 查看 to /bookmarks; a refusal shows the server's message.
 */
export async function savePageBookmark({ api, toast, navigate, origin, path, title }: SavePageInput): Promise<void> {
  const url = `${origin.replace(/\/+$/, '')}${path}`;
  try {
    const result = await api.call(bookmarkSave, { url, title, favicon: '' });
    toast.show(result.created ? WORDS.saved : WORDS.updated, {
      tone: 'success',
      action: { label: WORDS.view, onClick: () => navigate('/bookmarks') },
    });
  } catch (error) {
    toast.show(error instanceof ApiError ? error.message : WORDS.failed, { tone: 'error' });
  }
}
