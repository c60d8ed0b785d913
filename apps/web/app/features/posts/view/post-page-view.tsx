import type { Comment, PostDetail } from '@evcircle/contract/client';
import { useLocation, useNavigate } from 'react-router';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { BackButton } from '~/ui/back-button.tsx';
import { POST_MESSAGES } from './messages.ts';
import { PostView } from './post-view.tsx';

type PostPageViewProps = {
  post: PostDetail;
  imageBase: string;
  /** The first page of comments, fetched with the post (null when that call failed). */
  comments: Comment[] | null;
  /** /m/post/{id} is always the phone rendering; /post/{id} follows the device. */
  isAlwaysStacked?: boolean;
};

/**
 * The post as a page of its own: on desktop a tall card with media left and text and
 * comments right; on phones (and on /m/post) one column with a back button.
 */
export function PostPageView({ post, imageBase, comments, isAlwaysStacked = false }: PostPageViewProps) {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const location = useLocation();
  // Back within the site when we came from it, otherwise to the home feed.
  const hasHistory = location.key !== 'default';
  const leave = () => {
    if (hasHistory) navigate(-1);
    else navigate('/', { replace: true });
  };
  const isStacked = isAlwaysStacked || isMobile;

  if (isStacked) {
    return (
      <PostView
        key={post.pid}
        post={post}
        layout="stacked"
        headingLevel="h1"
        imageBase={imageBase}
        firstComments={comments}
        onDeleted={leave}
        leading={<BackButton label={POST_MESSAGES.back} onClick={leave} data-testid="post-back" />}
      />
    );
  }
  return (
    <div className="mx-auto max-w-[1240px] px-6 py-6">
      <PostView
        key={post.pid}
        post={post}
        layout="split"
        headingLevel="h1"
        imageBase={imageBase}
        firstComments={comments}
        onDeleted={leave}
        className="h-[calc(100dvh-7rem)] min-h-[560px] rounded-2xl shadow-sm ring-1 ring-gray-900/5 dark:ring-white/10"
      />
    </div>
  );
}
