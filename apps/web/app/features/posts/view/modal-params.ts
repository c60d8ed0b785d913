import { type ApiClient, ApiError, type PostDetail, postDetail, STATUS } from '@evcircle/contract/client';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { THEME_PAGES } from '../themes/themes.ts';

/** The address keys of the post modal (SPEC.md §2): modal=true&postId=…&index=…. */
export const MODAL_KEYS = ['modal', 'postId', 'index'] as const;

/** Which post the modal shows, and its place in the list behind it. */
export type ModalTarget = { postId: number; index: number };

const ID = /^\d{1,15}$/;

/** The modal the address asks for, or null (modal≠true, or a malformed postId). */
export function readModalTarget(search: URLSearchParams): ModalTarget | null {
  if (search.get('modal') !== 'true') return null;
  const postId = search.get('postId') ?? '';
  if (!ID.test(postId) || Number(postId) <= 0) return null;
  const index = Number(search.get('index') ?? '0');
  return { postId: Number(postId), index: Number.isInteger(index) && index >= 0 ? index : 0 };
}

/** `search` with the modal keys set for `target` (other query values kept, modal keys last). */
export function withModalTarget(search: URLSearchParams, target: ModalTarget): URLSearchParams {
  const next = withoutModalTarget(search);
  next.set('modal', 'true');
  next.set('postId', String(target.postId));
  next.set('index', String(target.index));
  return next;
}

/** `search` without the modal keys. */
export function withoutModalTarget(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of MODAL_KEYS) next.delete(key);
  return next;
}

/** "?a=b" or "" */
export function searchString(search: URLSearchParams): string {
  const text = search.toString();
  return text ? `?${text}` : '';
}

const LIST_PATHS = new Set(['/', '/home', ...THEME_PAGES.map((page) => page.path)]);

/**
 * The lists a post opens from as a modal (SPEC.md §2: /, /exp, /mod and /user/ pages; we
 * include every theme feed and /home, which behaves as /).
 */
export function isModalListPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return LIST_PATHS.has(path) || /^\/user\/\d+$/.test(path);
}

/**
 * shouldRevalidate of a list page: opening, stepping through and closing the modal only
 * changes the modal keys, and must not refetch (and so reset) the list behind it.
 */
export function shouldRevalidateList({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.href !== nextUrl.href &&
    withoutModalTarget(currentUrl.searchParams).toString() === withoutModalTarget(nextUrl.searchParams).toString()
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}

/** A modal asked for by the address, as the list's loader renders it on the server. */
export type ModalPreload = { postId: number; post: PostDetail | null };

/**
 * For a list page's loader: the post the address opens as a modal (a reload with the
 * modal keys renders it on the server). A post that is gone gives `post: null` (the
 * modal says so); no modal keys give null.
 */
export async function loadModalPost(api: ApiClient, url: URL): Promise<ModalPreload | null> {
  const target = readModalTarget(url.searchParams);
  if (!target) return null;
  try {
    const [post] = await api.call(postDetail, { pid: target.postId });
    return { postId: target.postId, post: post ?? null };
  } catch (error) {
    if (
      !(error instanceof ApiError && (error.status === STATUS.NOT_FOUND || error.status === STATUS.VALIDATION_FAILED))
    ) {
      console.error('[post modal] detail failed', error);
    }
    return { postId: target.postId, post: null };
  }
}
