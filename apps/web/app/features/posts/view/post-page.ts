import {
  ApiError,
  type Comment,
  commentPager,
  formatMessage,
  type PostDetail,
  postCoverUrl,
  postDetail,
  STATUS,
  type WebLoadContext,
} from '@evcircle/contract/client';
import { data } from 'react-router';
import { COMMENTS_PAGE_SIZE } from '~/features/comments/index.ts';
import { absoluteUrl } from '~/lib/absolute-url.ts';
import { serverApi } from '~/lib/api.ts';
import { POST_MESSAGES } from './messages.ts';
import { postDescription, postTitle } from './post-text.ts';

export type PostPageData = {
  post: PostDetail;
  /** Comments page 1, rendered with the post; null when that call failed (the section fetches it). */
  comments: Comment[] | null;
  publicUrl: string;
  imageBase: string;
};

/** Unknown, deleted or malformed ids: the 404 page with HTTP 404. */
function notFound(): never {
  throw data(null, { status: 404 });
}

/** The loader of /post/{id} and /m/post/{id}: the post with the viewer's relation, or a 404. */
export async function loadPostPage(id: string | undefined, context: WebLoadContext): Promise<PostPageData> {
  if (!id || !/^\d{1,15}$/.test(id) || Number(id) <= 0) notFound();
  const api = serverApi(context);
  const pid = Number(id);
  // Both at once; the comments are a bonus the section can fetch itself.
  const comments = api.call(commentPager, { pid, page: 1, size: COMMENTS_PAGE_SIZE }).catch((error: unknown) => {
    if (!(error instanceof ApiError && error.status === STATUS.NOT_FOUND))
      console.error('[post] comments failed', error);
    return null;
  });
  try {
    const [post] = await api.call(postDetail, { pid });
    if (!post) notFound();
    return {
      post,
      comments: await comments,
      publicUrl: context.publicConfig.publicUrl,
      imageBase: context.publicConfig.imageBase,
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === STATUS.NOT_FOUND || error.status === STATUS.VALIDATION_FAILED)) {
      notFound();
    }
    throw error;
  }
}

/**
 * Title (the first line + " - 车友圈"), description, Open Graph (article, with the cover
 * by the SPEC.md §3 image rules as og:image) and the canonical address, which is always
 * /post/{id}, also for the /m/post/{id} rendering.
 */
export function postMeta(page: PostPageData | undefined) {
  if (!page) return [{ title: POST_MESSAGES.notFoundDocumentTitle }, { name: 'robots', content: 'noindex' }];
  const { post, publicUrl, imageBase } = page;
  const heading = postTitle(post.content);
  const title = formatMessage(POST_MESSAGES.documentTitle, { title: heading });
  const description = postDescription(post.content, post.uname);
  const url = `${publicUrl.replace(/\/+$/, '')}/post/${post.pid}`;
  const image = absoluteUrl(postCoverUrl(post, imageBase), publicUrl, imageBase);
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:type', content: 'article' },
    { property: 'og:site_name', content: '车友圈' },
    { property: 'og:title', content: heading },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { property: 'article:published_time', content: post.atime },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
}
