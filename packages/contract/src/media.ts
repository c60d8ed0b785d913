import { IMAGE_RESIZE_SUFFIX, IMAGE_SRCSET_WIDTHS, imageResizeSuffix, VIDEO_FRAME_SUFFIX } from './constants.ts';
import type { Post } from './entities/post.ts';

const ABSOLUTE = /^(https?:)?\/\//i;

/**
 * SPEC.md §3 image rules, step one: a relative path (a storage key such as
 * `seed/posts/12-1.jpg`) gets the image base prefixed; absolute URLs and `/`-rooted
 * paths pass through.
 */
export function resolveMediaUrl(src: string, imageBase: string): string {
  if (!src) return '';
  if (ABSOLUTE.test(src) || src.startsWith('/') || src.startsWith('data:') || src.startsWith('blob:')) return src;
  return `${imageBase.replace(/\/+$/, '')}/${src.replace(/^\/+/, '')}`;
}

/** An address the image route may resize: not empty, no query of its own, not in-memory. */
function isResizable(url: string): boolean {
  return Boolean(url) && !url.includes('?') && !url.startsWith('data:') && !url.startsWith('blob:');
}

/** Adds the width-480 resize suffix (Qiniu style, WebP) unless the URL already has a query. */
export function resizedImageUrl(src: string, imageBase: string): string {
  const url = resolveMediaUrl(src, imageBase);
  return isResizable(url) ? `${url}${IMAGE_RESIZE_SUFFIX}` : url;
}

/**
 * A `srcset` for a full-size image: IMAGE_SRCSET_WIDTHS, each fitted to that width and
 * sent as WebP by the image route (never enlarged, so a small original caps them). Empty
 * for an address that already has a query or is not ours to resize.
 */
export function imageSrcSet(src: string, imageBase: string): string {
  const url = resolveMediaUrl(src, imageBase);
  if (!isResizable(url)) return '';
  return IMAGE_SRCSET_WIDTHS.map((width) => `${url}${imageResizeSuffix(width)} ${width}w`).join(', ');
}

/**
 * The card cover of a post: a video post without an image uses the video with the
 * first-frame suffix; everything else is its first image with the resize suffix.
 */
export function postCoverUrl(post: Pick<Post, 'isvio' | 'imgsrc' | 'imgpack' | 'viosrc'>, imageBase: string): string {
  const image = post.imgsrc || post.imgpack[0]?.src || '';
  if (post.isvio === 1 && !image && post.viosrc)
    return `${resolveMediaUrl(post.viosrc, imageBase)}${VIDEO_FRAME_SUFFIX}`;
  return resizedImageUrl(image, imageBase);
}

/** Comment avatars: backslashes removed and the old domain swapped for the current one. */
export function commentAvatarUrl(src: string, imageBase: string, oldDomain?: string): string {
  let clean = src.replace(/\\/g, '');
  if (oldDomain && clean.includes(oldDomain)) clean = clean.replace(oldDomain, imageBase);
  return resolveMediaUrl(clean, imageBase);
}
