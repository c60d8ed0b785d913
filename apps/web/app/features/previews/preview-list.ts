import { formatMessage } from '@evcircle/contract/client';
import { data } from 'react-router';
import { ERROR_MESSAGES } from '~/features/errors/index.ts';
import { PREVIEW_MESSAGES } from './messages.ts';

/**
 * Where the component previews live (SPEC.md §2 "Other paths"): the same components under
 * each prefix, each in its layout (/m/…: mobile, /post/…: post).
 */
export const PREVIEW_PREFIXES = ['/m/components', '/post/components', '/m/post/components'] as const;
export type PreviewPrefix = (typeof PREVIEW_PREFIXES)[number];

/** The components SPEC.md §2 names, by the address segment each is previewed at. */
export const PREVIEWS = {
  skeletons: { title: PREVIEW_MESSAGES.skeletons, hint: PREVIEW_MESSAGES.skeletonsHint },
  'comment-input': { title: PREVIEW_MESSAGES.commentInput, hint: PREVIEW_MESSAGES.commentInputHint },
  'top-nav': { title: PREVIEW_MESSAGES.topNav, hint: PREVIEW_MESSAGES.topNavHint },
  'image-carousel': { title: PREVIEW_MESSAGES.imageCarousel, hint: PREVIEW_MESSAGES.imageCarouselHint },
  'video-thumbnail': { title: PREVIEW_MESSAGES.videoThumbnail, hint: PREVIEW_MESSAGES.videoThumbnailHint },
  'right-buttons': { title: PREVIEW_MESSAGES.rightButtons, hint: PREVIEW_MESSAGES.rightButtonsHint },
  'down-buttons': { title: PREVIEW_MESSAGES.downButtons, hint: PREVIEW_MESSAGES.downButtonsHint },
} as const;
export type PreviewName = keyof typeof PREVIEWS;
export const PREVIEW_NAMES = Object.keys(PREVIEWS) as PreviewName[];

function isPreviewName(name: string): name is PreviewName {
  return Object.hasOwn(PREVIEWS, name);
}

export type PreviewData = { prefix: PreviewPrefix; name: PreviewName | null };

/**
 * The loader of a preview route: the index of the prefix (no name), or one component; an
 * unknown name is the 404 page.
 */
export function loadPreview(prefix: PreviewPrefix, name: string | undefined): PreviewData {
  if (name === undefined) return { prefix, name: null };
  if (!isPreviewName(name)) throw data(null, { status: 404 });
  return { prefix, name };
}

/** Title, and no search engine: the previews are for designers, not readers. */
export function previewMeta(loaderData: PreviewData | undefined, error: unknown) {
  const title = error
    ? ERROR_MESSAGES.notFoundDocumentTitle
    : loaderData?.name
      ? formatMessage(PREVIEW_MESSAGES.documentTitle, { name: PREVIEWS[loaderData.name].title })
      : PREVIEW_MESSAGES.indexDocumentTitle;
  return [{ title }, { name: 'robots', content: 'noindex' }];
}

/** The same, for crawlers that read headers (and for the 404 of an unknown name). */
export function previewHeaders(): HeadersInit {
  return { 'X-Robots-Tag': 'noindex' };
}
