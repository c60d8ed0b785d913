// The search feature's public face: the /search page (its loader, meta and view), and
// what the site's search entries need to put the cursor in its input (the page's code
// loads with its route, never with other pages).
export { FOCUS_SEARCH_STATE, SEARCH_INPUT_ID } from './search-address.ts';
export { loadSearchPage, searchMeta, shouldRevalidateSearch } from './search-page.ts';
export { SearchPageView } from './search-page-view.tsx';
