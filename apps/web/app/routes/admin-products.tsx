import {
  ApiError,
  adminProductInfo,
  adminProductList,
  categoryTree,
  SHOP_PAGE_SIZE,
  STATUS,
} from '@evcircle/contract/client';
import { PackageX, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { data, Link } from 'react-router';
import { LoginPrompt } from '~/features/auth/index.ts';
import { SHOP_ADMIN_MESSAGES, ShopAdmin, type ShopAdminView } from '~/features/shop-admin/index.ts';
import { serverApi } from '~/lib/api.ts';
import { buttonClass } from '~/ui/button.tsx';
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
    if (error instanceof ApiError && error.status === STATUS.NOT_LOGGED_IN) return { state: 'guest' as const };
    if (error instanceof ApiError && error.status === STATUS.FORBIDDEN) {
      return data({ state: 'forbidden' as const }, { status: 403 });
    }
    if (error instanceof ApiError && error.status === STATUS.NOT_FOUND) {
      return data({ state: 'missing' as const, message: error.message }, { status: 404 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: SHOP_ADMIN_MESSAGES.title },
  { name: 'robots', content: 'noindex' },
];

function Notice({ testId, icon, title, hint }: { testId: string; icon: ReactNode; title: string; hint: string }) {
  return (
    <div data-testid={testId} className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-red-50 dark:bg-red-950/60">{icon}</span>
      <p className="mt-5 text-base font-medium">{title}</p>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{hint}</p>
    </div>
  );
}

export default function AdminProductsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-3 pt-4 pb-10 md:px-6 md:pt-8">
      <h1 className="mb-4 px-1 text-xl font-bold md:text-2xl">{SHOP_ADMIN_MESSAGES.heading}</h1>
      {loaderData.state === 'guest' ? (
        <LoginPrompt
          icon={ShieldCheck}
          title={SHOP_ADMIN_MESSAGES.guestTitle}
          hint={SHOP_ADMIN_MESSAGES.guestHint}
          testId="admin-guest"
        />
      ) : null}
      {loaderData.state === 'forbidden' ? (
        <>
          <Notice
            testId="admin-forbidden"
            icon={<ShieldAlert aria-hidden="true" className="size-8 text-red-600 dark:text-red-400" />}
            title={SHOP_ADMIN_MESSAGES.forbiddenTitle}
            hint={SHOP_ADMIN_MESSAGES.forbiddenHint}
          />
          <div className="flex justify-center">
            <Link to="/" className={buttonClass('outline', 'md', 'min-w-40')}>
              {SHOP_ADMIN_MESSAGES.backHome}
            </Link>
          </div>
        </>
      ) : null}
      {loaderData.state === 'missing' ? (
        <>
          <Notice
            testId="admin-product-missing"
            icon={<PackageX aria-hidden="true" className="size-8 text-red-600 dark:text-red-400" />}
            title={loaderData.message}
            hint={SHOP_ADMIN_MESSAGES.missingHint}
          />
          <div className="flex justify-center">
            <Link to="/admin/products" className={buttonClass('outline', 'md', 'min-w-40')}>
              {SHOP_ADMIN_MESSAGES.backToList}
            </Link>
          </div>
        </>
      ) : null}
      {loaderData.state === 'ok' ? (
        <ShopAdmin page={loaderData.page} tree={loaderData.tree} imageBase={loaderData.imageBase} />
      ) : null}
    </div>
  );
}
