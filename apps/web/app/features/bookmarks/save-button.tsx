import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRequireLogin } from '~/features/auth/index.ts';
import { useApi } from '~/lib/api.ts';
import { useRootData } from '~/lib/root-data.ts';
import { useToast } from '~/ui/toast.tsx';

/**
 * The label (zh-CN); here, not in messages.ts, so the post and product pages carry one
 * word, not the /bookmarks page's wording. The rest loads on the first tap (save-page.ts).
 */
const LABEL = '收藏';

type SaveBookmarkButtonProps = {
  /** This site's path of the page to keep (/post/12, /product/3). */
  path: string;
  title: string;
  /** The word 收藏 beside the icon (a post's action bar); without it, the word is the button's name only. */
  hasLabel: boolean;
  /** The look is the caller's: the action bar's or the icon buttons' beside it. */
  className: string;
  'data-testid'?: string;
};

/**
 * 收藏 on a post or a product: saves this site's own URL of it as a bookmark (its title,
 * no icon: the list draws our logo), then 已收藏 with 查看 to /bookmarks. Logged out, the
 * login modal opens as for a like. FIRST-LOAD BUDGET (/post, /product, /user carry it):
 * only this button is on the page, its icon drawn inline rather than from the icon set
 * (which would put a chunk of its own on those pages); the call and its wording load on
 * the first tap.
 */
export function SaveBookmarkButton({
  path,
  title,
  hasLabel,
  className,
  'data-testid': testId,
}: SaveBookmarkButtonProps) {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const origin = useRootData()?.publicConfig.publicUrl;
  const [isBusy, setIsBusy] = useState(false);

  const save = async () => {
    if (!requireLogin() || isBusy) return;
    setIsBusy(true);
    try {
      const { savePageBookmark } = await import('./save-page.ts');
      await savePageBookmark({ api, toast, navigate, origin: origin || window.location.origin, path, title });
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <button
      type="button"
      aria-label={hasLabel ? undefined : LABEL}
      disabled={isBusy}
      onClick={save}
      data-testid={testId}
      className={className}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-5 fill-none stroke-current stroke-2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M17 3a2 2 0 0 1 2 2v15a1 1 0 0 1-1.5.87l-4.5-2.58a2 2 0 0 0-2 0l-4.5 2.58A1 1 0 0 1 5 20V5a2 2 0 0 1 2-2z" />
      </svg>
      {hasLabel ? LABEL : null}
    </button>
  );
}
