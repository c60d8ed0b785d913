import { GeneralErrorBoundary } from '~/features/errors/index.ts';
import { CategoryNotFound, loadShopPage, ShopPageView, shopMeta } from '~/features/shop/index.ts';
import { revalidateUnlessModalMoved } from '~/lib/modal-address.ts';
import type { Route } from './+types/shop';

/** /shop: every category's products, the rail (desktop) or strip (phones), the sort bar. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadShopPage(context, request);
}

/** Opening, stepping through and closing the product modal keeps the list as it is. */
export const shouldRevalidate = revalidateUnlessModalMoved('productId');

export const meta: Route.MetaFunction = ({ data }) => shopMeta(data);

export default function Shop({ loaderData }: Route.ComponentProps) {
  return <ShopPageView page={loaderData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <CategoryNotFound /> }} />;
}
