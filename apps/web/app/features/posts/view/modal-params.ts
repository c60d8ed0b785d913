import { type ApiClient, ApiError, type PostDetail, postDetail, STATUS } from '@evcircle/contract/client';
import {
  type AddressModal,
  readAddressModal,
  revalidateUnlessModalMoved,
  searchString,
  withAddressModal,
  withoutAddressModal,
} from '~/lib/modal-address.ts';
import { THEME_PAGES } from '../themes/themes.ts';

/** Which post the modal shows, and its place in the list behind it. */
export type ModalTarget = AddressModal<'postId'>;

/** The modal the address asks for, or null (modal≠true, or a malformed postId). */
export function readModalTarget(search: URLSearchParams): ModalTarget | null {
  return readAddressModal(search, 'postId');
}

/** `search` with the modal keys set for `target` (other query values kept, modal keys last). */
export function withModalTarget(search: URLSearchParams, target: ModalTarget): URLSearchParams {
  return withAddressModal(search, 'postId', target);
}

/** `search` without the modal keys. */
export function withoutModalTarget(search: URLSearchParams): URLSearchParams {
  return withoutAddressModal(search, 'postId');
}

export { searchString };

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
export const shouldRevalidateList = revalidateUnlessModalMoved('postId');

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
