import {
  type ApiClient,
  formatMessage,
  type HotWord,
  PAGE_SIZE,
  type Post,
  type PostSearchHit,
  type ProductSearchHit,
  postSearch,
  productSearch,
  type SearchHistoryEntry,
  SHOP_PAGE_SIZE,
  searchIndex,
  searchRecommend,
  type UserSearchHit,
  userSearch,
  type WebLoadContext,
} from '@evcircle/contract/client';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { loadModalPost, type ModalPreload } from '~/features/posts/index.ts';
import { loadModalProduct, type ProductModalPreload } from '~/features/shop/index.ts';
import { serverApi } from '~/lib/api.ts';
import { revalidateUnlessModalMoved } from '~/lib/modal-address.ts';
import { SEARCH_MESSAGES } from './messages.ts';
import { readSearchAddress, type SearchType } from './search-address.ts';

/** The viewer's history (newest first; [] for visitors) and the hot words. */
export type SearchWords = { history: SearchHistoryEntry[]; hot: HotWord[] };

/** Page 1 of a tab's results, as its list takes it; null when that call failed. */
export type SearchResults =
  | { type: 'post'; items: PostSearchHit[] | null }
  | { type: 'user'; items: UserSearchHit[] | null }
  | { type: 'product'; items: ProductSearchHit[] | null };

export type SearchPageData = {
  word: string;
  type: SearchType;
  /** Before typing (no word): history, hot words and page 1 of 猜你喜欢 (null when it failed). */
  start: { words: SearchWords; recommended: Post[] | null } | null;
  /** With a word: page 1 of the tab's results. */
  results: SearchResults | null;
  /** The post or product a reload with the modal keys shows. */
  postModal: ModalPreload | null;
  productModal: ProductModalPreload | null;
  imageBase: string;
};

/** Page sizes of each tab (SPEC.md §9: 20 for search; products come as the shop's pages). */
export const RESULT_PAGE_SIZE: Record<SearchType, number> = {
  post: PAGE_SIZE.search,
  user: PAGE_SIZE.search,
  product: SHOP_PAGE_SIZE,
};

/** One page (1-based) of a tab's results for `word`: the loader's page 1 and the lists' next pages. */
export const fetchResults = {
  post: (api: ApiClient, word: string, page: number) =>
    api.call(postSearch, { word, idx: page, size: RESULT_PAGE_SIZE.post }),
  user: (api: ApiClient, word: string, page: number) =>
    api.call(userSearch, { word, page, size: RESULT_PAGE_SIZE.user }),
  product: async (api: ApiClient, word: string, page: number) =>
    (await api.call(productSearch, { word, page, size: RESULT_PAGE_SIZE.product })).items,
} as const;

function orNull<T>(what: string, call: Promise<T>): Promise<T | null> {
  return call.catch((error: unknown) => {
    console.error(`[search] ${what} failed`, error);
    return null;
  });
}

async function loadResults(api: ApiClient, word: string, type: SearchType): Promise<SearchResults> {
  if (type === 'user') return { type, items: await orNull('user search', fetchResults.user(api, word, 1)) };
  if (type === 'product') return { type, items: await orNull('product search', fetchResults.product(api, word, 1)) };
  return { type, items: await orNull('post search', fetchResults.post(api, word, 1)) };
}

/**
 * The loader of /search: with a word (/search?word=…&type=…), page 1 of the tab's
 * results, rendered here so a result page can be shared and reloaded; without one, what
 * the page shows before typing. Either way, the post or product the address opens as a
 * modal (a reload with the modal keys).
 */
export async function loadSearchPage(context: WebLoadContext, request: Request): Promise<SearchPageData> {
  const url = new URL(request.url);
  const { word, type } = readSearchAddress(url.searchParams);
  const api = serverApi(context);
  const [start, results, postModal, productModal] = await Promise.all([
    word
      ? null
      : Promise.all([
          orNull('index', api.call(searchIndex, {})),
          orNull('recommend', api.call(searchRecommend, { idx: 1, size: PAGE_SIZE.recommend })),
        ]).then(([words, recommended]) => ({ words: words ?? { history: [], hot: [] }, recommended })),
    word ? loadResults(api, word, type) : null,
    loadModalPost(api, url),
    word && type === 'product' ? loadModalProduct(api, url) : null,
  ]);
  return { word, type, start, results, postModal, productModal, imageBase: context.publicConfig.imageBase };
}

/** <title> of /search and of a result page (not indexed: the results change all the time). */
export function searchMeta(page: SearchPageData | undefined) {
  const word = page?.word ?? '';
  const title = word ? formatMessage(SEARCH_MESSAGES.resultTitle, { word }) : SEARCH_MESSAGES.title;
  return [
    { title },
    { name: 'description', content: SEARCH_MESSAGES.description },
    ...(word ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

const keepsPostList = revalidateUnlessModalMoved('postId');
const keepsProductList = revalidateUnlessModalMoved('productId');

/** Opening, stepping through and closing a post or product modal keeps the results as they are. */
export function shouldRevalidateSearch(args: ShouldRevalidateFunctionArgs): boolean {
  return keepsPostList(args) && keepsProductList(args);
}
