import { redirect } from 'react-router';
import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import {
  isProductListAddress,
  loadProductPage,
  ProductNotFound,
  ProductPageView,
  productMeta,
} from '~/features/shop/index.ts';
import { searchString, withAddressModal } from '~/lib/modal-address.ts';
import type { RouteHandle } from '~/lib/route-handle.ts';
import type { Route } from './+types/product';

export const handle: RouteHandle = { layout: 'detail' };

/** First loads (and so crawlers and visitors from other sites) get the full page, rendered here. */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadProductPage(params.id, context);
}

/**
 * SPEC.md §2: a product opened by a client navigation from /shop, /shop/category/… or
 * /search?type=product is redirected back to that list with modal=true&productId&index=0,
 * where it shows as the modal — unless the link says direct=true, or the visitor is a
 * crawler. The page we leave is still the address while this runs; the first load (an
 * external referrer, a typed address) never gets here (the server's loader answers it).
 */
export async function clientLoader({ params, request, serverLoader }: Route.ClientLoaderArgs) {
  const from = window.location;
  const id = params.id;
  const isDirect = new URL(request.url).searchParams.get('direct') === 'true';
  // isbot's list loads only on this path, so it stays out of every page's first load.
  const isCrawler = async () => (await import('~/lib/user-agent.ts')).isCrawlerUserAgent(navigator.userAgent);
  if (
    !isDirect &&
    /^\d{1,15}$/.test(id) &&
    isProductListAddress(from.pathname, new URLSearchParams(from.search)) &&
    !(await isCrawler())
  ) {
    const search = withAddressModal(new URLSearchParams(from.search), 'productId', {
      productId: Number(id),
      index: 0,
    });
    throw redirect(`${from.pathname}${searchString(search)}`);
  }
  return serverLoader();
}

export const meta: Route.MetaFunction = ({ data }) => productMeta(data);

/** /product/{id}: the product page (layout detail). */
export default function ProductPage({ loaderData }: Route.ComponentProps) {
  return <ProductPageView product={loaderData.product} imageBase={loaderData.imageBase} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ProductNotFound /> }} />;
}
