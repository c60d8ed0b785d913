import {
  ApiError,
  type CartLine,
  cartDelete,
  cartList,
  cartUpdateNumber,
  type EndpointData,
  formatMessage,
  STATUS,
} from '@evcircle/contract/client';
import { Coins, ShoppingBag, Zap } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { ConfirmSheet } from '~/ui/confirm-sheet.tsx';
import { useToast } from '~/ui/toast.tsx';
import { setCartCount } from './cart-count.ts';
import { CartLineRow, unavailableLabel } from './cart-line.tsx';
import { chosenLines } from './cart-rules.ts';
import { CART_MESSAGES } from './messages.ts';

export type Cart = EndpointData<typeof cartList>;

type Removal = { cids: number[]; title: string; hint: string };

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : CART_MESSAGES.failed;
}

/** The cart with `number` as the count of line `cid` (when the list itself could not be fetched again). */
function withNumber(cart: Cart, cid: number, number: number): Cart {
  const update = (lines: CartLine[]) => lines.map((line) => (line.cid === cid ? { ...line, number } : line));
  return { ...cart, prds: update(cart.prds), acvPrds: update(cart.acvPrds) };
}

function withoutLines(cart: Cart, cids: readonly number[]): Cart {
  const keep = (lines: CartLine[]) => lines.filter((line) => !cids.includes(line.cid));
  return { ...cart, prds: keep(cart.prds), acvPrds: keep(cart.acvPrds) };
}

function CartGroup({
  title,
  icon,
  testId,
  children,
}: {
  title: string;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section
      data-testid={testId}
      className="overflow-hidden rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 className="flex items-center gap-1.5 border-b border-gray-100 px-3 py-2.5 text-sm font-semibold md:px-4 dark:border-gray-800">
        {icon}
        {title}
      </h2>
      <ul className="divide-y divide-gray-100 dark:divide-gray-800">{children}</ul>
    </section>
  );
}

function EmptyCart() {
  return (
    <div data-testid="cart-empty" className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-50 dark:bg-primary-950">
        <ShoppingBag aria-hidden="true" className="size-8 text-primary-600 dark:text-primary-400" />
      </span>
      <p className="mt-5 text-base font-medium">{CART_MESSAGES.emptyTitle}</p>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{CART_MESSAGES.emptyHint}</p>
      <Link to="/shop" data-testid="cart-go-shop" className={buttonClass('solid', 'lg', 'mt-8 min-w-40')}>
        {CART_MESSAGES.goShop}
      </Link>
    </div>
  );
}

/**
 * The viewer's cart (SPEC.md §3 Cart): 限时特惠 and 普通商品 lines, quantities saved as they
 * change (the server's answer wins: a refusal is told and the old number comes back),
 * removal one by one or several at once in 管理 mode, the total and the points balance.
 */
export function CartView({ initial, imageBase }: { initial: Cart; imageBase: string }) {
  const api = useApi();
  const toast = useToast();
  const isMobile = useIsMobile();
  const [source, setSource] = useState(initial);
  const [cart, setCart] = useState(initial);
  /** Numbers being saved, by line. */
  const [saving, setSaving] = useState<ReadonlyMap<number, number>>(new Map());
  const [isSelecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  /** Lines the buyer unticked for 去结算 (every buyable line starts ticked). */
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [removal, setRemoval] = useState<Removal | null>(null);

  // The loader ran again (a login, a revisit): start from its cart.
  if (source !== initial) {
    setSource(initial);
    setCart(initial);
    setSelected(new Set());
  }

  useEffect(() => setCartCount(cart.count), [cart.count]);

  const lines = [...cart.acvPrds, ...cart.prds];
  const isEmpty = lines.length === 0;

  /** The list as the server has it now; on failure `fallback` keeps the page consistent. */
  async function refetch(fallback: (now: Cart) => Cart) {
    try {
      setCart(await api.call(cartList, {}));
    } catch {
      setCart(fallback);
    }
  }

  async function changeNumber(line: CartLine, next: number) {
    setSaving((now) => new Map(now).set(line.cid, next));
    try {
      const answer = await api.call(cartUpdateNumber, { cid: line.cid, number: next });
      setCartCount(answer.count);
      await refetch((now) => withNumber({ ...now, count: answer.count }, line.cid, answer.number));
    } catch (error) {
      toast.show(errorText(error), { tone: 'error' });
      // A line removed elsewhere (another device): show the cart as it is.
      if (error instanceof ApiError && error.status === STATUS.NOT_FOUND) await refetch((now) => now);
    } finally {
      setSaving((now) => {
        const rest = new Map(now);
        rest.delete(line.cid);
        return rest;
      });
    }
  }

  async function remove(cids: number[]) {
    try {
      const answer = await api.call(cartDelete, { cids });
      setCartCount(answer.count);
      toast.show(CART_MESSAGES.removed, { tone: 'success' });
      setSelected(new Set());
      await refetch((now) => withoutLines({ ...now, count: answer.count }, cids));
    } catch (error) {
      toast.show(errorText(error), { tone: 'error' });
      await refetch((now) => now);
    } finally {
      setRemoval(null);
    }
  }

  if (isEmpty) return <EmptyCart />;

  const allSelected = selected.size === lines.length;
  // 去结算 takes the ticked lines of those that can be bought now; the total is theirs.
  const buyable = lines.filter((line) => unavailableLabel(line) === null);
  const chosen = chosenLines(buyable, unticked);
  const checkoutCids = chosen.lines.map((line) => line.cid);
  const row = (line: CartLine) => (
    <CartLineRow
      key={line.cid}
      line={line}
      imageBase={imageBase}
      number={saving.get(line.cid) ?? line.number}
      isBusy={saving.has(line.cid)}
      isSelecting={isSelecting}
      isSelected={isSelecting ? selected.has(line.cid) : !unticked.has(line.cid)}
      onSelect={(isOn) =>
        // 管理 ticks lines to remove; otherwise the ticks choose what 去结算 takes.
        (isSelecting ? setSelected : setUnticked)((now) => {
          const next = new Set(now);
          if (isOn === isSelecting) next.add(line.cid);
          else next.delete(line.cid);
          return next;
        })
      }
      onNumber={(next) => void changeNumber(line, next)}
      onRemove={() =>
        setRemoval({
          cids: [line.cid],
          title: CART_MESSAGES.removeTitle,
          hint: formatMessage(CART_MESSAGES.removeHint, { title: line.title }),
        })
      }
    />
  );

  return (
    <>
      <div className="mb-3 flex items-center justify-between px-1">
        <p className="text-sm text-gray-500 dark:text-gray-400" data-testid="cart-item-count">
          {formatMessage(CART_MESSAGES.itemCount, { count: cart.count })}
        </p>
        <Button
          variant="ghost"
          size="sm"
          data-testid="cart-manage"
          onClick={() => {
            setSelecting((now) => !now);
            setSelected(new Set());
          }}
        >
          {isSelecting ? CART_MESSAGES.editDone : CART_MESSAGES.editMode}
        </Button>
      </div>
      <div className="flex flex-col gap-3">
        {cart.acvPrds.length > 0 ? (
          <CartGroup
            title={CART_MESSAGES.promoGroup}
            testId="cart-group-promo"
            icon={<Zap aria-hidden="true" className="size-4 text-red-500" />}
          >
            {cart.acvPrds.map(row)}
          </CartGroup>
        ) : null}
        {cart.prds.length > 0 ? (
          <CartGroup
            title={CART_MESSAGES.normalGroup}
            testId="cart-group-normal"
            icon={<ShoppingBag aria-hidden="true" className="size-4 text-primary-600 dark:text-primary-400" />}
          >
            {cart.prds.map(row)}
          </CartGroup>
        ) : null}
      </div>
      <div
        data-testid="cart-summary"
        className={cn(
          'sticky z-20 mt-4 flex min-h-14 items-center gap-3 border-gray-200 bg-white/95 px-3 py-2 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95',
          isMobile
            ? '-mx-3 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] border-t'
            : 'bottom-0 rounded-xl border md:px-4',
        )}
      >
        {isSelecting ? (
          <>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                data-testid="cart-select-all"
                className="size-4.5 accent-primary-600"
                checked={allSelected}
                onChange={(event) => setSelected(event.target.checked ? new Set(lines.map((l) => l.cid)) : new Set())}
              />
              {CART_MESSAGES.selectAll}
            </label>
            <Button
              variant="outline"
              size="sm"
              data-testid="cart-remove-selected"
              className="ml-auto border-red-300 text-red-600 hover:bg-red-50 dark:border-red-900 dark:text-red-400 dark:hover:bg-red-950/50"
              disabled={selected.size === 0}
              onClick={() =>
                setRemoval({
                  cids: [...selected],
                  title: formatMessage(CART_MESSAGES.removeSelectedTitle, { count: selected.size }),
                  hint: CART_MESSAGES.removeSelectedHint,
                })
              }
            >
              {CART_MESSAGES.removeSelected}
              {selected.size > 0 ? ` (${selected.size})` : ''}
            </Button>
          </>
        ) : (
          <>
            <p
              data-testid="cart-balance"
              title={CART_MESSAGES.balanceLabel}
              className="flex items-center gap-1 text-sm text-amber-700 dark:text-amber-400"
            >
              <Coins aria-hidden="true" className="size-4" />
              {formatMessage(CART_MESSAGES.balance, { balance: cart.balance })}
            </p>
            <p className="ml-auto flex items-baseline gap-1 text-sm">
              {CART_MESSAGES.total}
              <span data-testid="cart-total" className="text-lg font-bold text-red-600 dark:text-red-400">
                <span className="text-sm">¥</span>
                {chosen.total}
              </span>
            </p>
            {checkoutCids.length > 0 ? (
              <Link
                to={`/checkout?cids=${checkoutCids.join(',')}`}
                data-testid="cart-checkout"
                className={buttonClass('solid', 'md', 'shrink-0')}
              >
                {CART_MESSAGES.checkout}
                {checkoutCids.length < buyable.length ? ` (${checkoutCids.length})` : ''}
              </Link>
            ) : (
              <Button disabled data-testid="cart-checkout" className="shrink-0">
                {CART_MESSAGES.checkout}
              </Button>
            )}
          </>
        )}
      </div>
      <ConfirmSheet
        open={removal !== null}
        title={removal?.title ?? ''}
        hint={removal?.hint ?? ''}
        confirmLabel={CART_MESSAGES.remove}
        danger
        data-testid="cart-remove-confirm"
        onConfirm={() => (removal ? remove(removal.cids) : Promise.resolve())}
        onClose={() => setRemoval(null)}
      />
    </>
  );
}
