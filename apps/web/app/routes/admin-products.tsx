import { adminProductInfo, adminProductList, categoryTree, SHOP_PAGE_SIZE } from '@evcircle/contract/client';
import { PackageX } from 'lucide-react';
import { AdminRefusal } from '~/features/auth/index.ts';
import { SHOP_ADMIN_MESSAGES, ShopAdmin, type ShopAdminView } from '~/features/shop-admin/index.ts';
import { adminDeniedOrMissing } from '~/lib/admin-page.ts';
import { serverApi } from '~/lib/api.ts';
import { RefusalNotice } from '~/ui/refusal-notice.tsx';
import type { Route } from './+types/admin-products';

const PID = /^[1-9]\d{0,15}$/;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const edit = url.searchParams.get('edit') ?? '';
  const word = (url.searchParams.get('word') ?? '').trim().slice(0, 60);
  const api = serverApi(context);
  try {
    // The admin call first: it is the one that tells a visitor or a non-admin.
    let page: ShopAdminView;
    if (edit === 'new') {
      await api.call(adminProductList, { page: 1, size: 1 });
      page = { view: 'new' };
    } else if (PID.test(edit)) {
      page = { view: 'edit', product: await api.call(adminProductInfo, { pid: Number(edit) }) };
    } else {
      page = { view: 'list', word, list: await api.call(adminProductList, { page: 1, size: SHOP_PAGE_SIZE, word }) };
    }
    const tree = await api.call(categoryTree, {});
    return { state: 'ok' as const, page, tree, imageBase: context.publicConfig.imageBase };
  } catch (error) {
    // Logged out, not an admin and an unknown product are states of this page, not failures.
    const refused = adminDeniedOrMissing(error);
    if (refused) return refused;
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: SHOP_ADMIN_MESSAGES.title },
  { name: 'robots', content: 'noindex' },
];

export default function AdminProductsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-3 pt-4 pb-10 md:px-6 md:pt-8">
      <h1 className="mb-4 px-1 text-xl font-bold md:text-2xl">{SHOP_ADMIN_MESSAGES.heading}</h1>
      <AdminRefusal
        state={loaderData.state}
        messages={{
          guestTitle: SHOP_ADMIN_MESSAGES.guestTitle,
          guestHint: SHOP_ADMIN_MESSAGES.guestHint,
          forbiddenTitle: SHOP_ADMIN_MESSAGES.forbiddenTitle,
          forbiddenHint: SHOP_ADMIN_MESSAGES.forbiddenHint,
        }}
      />
      {loaderData.state === 'missing' ? (
        <RefusalNotice
          testId="admin-product-missing"
          icon={PackageX}
          title={loaderData.message}
          hint={SHOP_ADMIN_MESSAGES.missingHint}
          back={{ to: '/admin/products', label: SHOP_ADMIN_MESSAGES.backToList }}
        />
      ) : null}
      {loaderData.state === 'ok' ? (
        <ShopAdmin page={loaderData.page} tree={loaderData.tree} imageBase={loaderData.imageBase} />
      ) : null}
    </div>
  );
}
