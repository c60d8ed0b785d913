import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { CategoryNotFound, loadShopPage, ShopPageView, shopMeta } from '~/features/shop/index.ts';
import { revalidateUnlessModalMoved } from '~/lib/modal-address.ts';
import type { RouteHandle } from '~/lib/route-handle.ts';
import type { Route } from './+types/shop-category';

export const handle: RouteHandle = { layout: 'category-layout' };

/**
 * /shop/category/{top}/{sub}/…: the ids from the top category down to the one shown,
 * each a child of the one before (e.g. /shop/category/3/12); anything else is a 404.
 */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadShopPage(context, request, params['*'] ?? '');
}

/** Opening, stepping through and closing the product modal keeps the list as it is. */
export const shouldRevalidate = revalidateUnlessModalMoved('productId');

export const meta: Route.MetaFunction = ({ data }) => shopMeta(data);

export default function ShopCategory({ loaderData }: Route.ComponentProps) {
  return <ShopPageView page={loaderData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <CategoryNotFound /> }} />;
}
