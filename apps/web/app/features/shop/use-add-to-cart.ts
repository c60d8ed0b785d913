import { ApiError, cartAdd } from '@evcircle/contract/client';
import { useCallback, useState } from 'react';
import { useRequireLogin } from '~/features/auth/index.ts';
import { setCartCount } from '~/features/cart/index.ts';
import { useApi } from '~/lib/api.ts';
import { useToast } from '~/ui/toast.tsx';
import { SHOP_MESSAGES } from './messages.ts';

/**
 * 加入购物车: a visitor gets the login modal; otherwise cart/add, then 已加入购物车 and the
 * header badge follows the answer's count. A refusal (stock, spec) says the server's words.
 */
export function useAddToCart() {
  const api = useApi();
  const toast = useToast();
  const requireLogin = useRequireLogin();
  const [isAdding, setAdding] = useState(false);

  const add = useCallback(
    /** `apids` null: the spec is not chosen yet (said after the login check). */
    async (pid: number, apids: number[] | null, number: number) => {
      if (!requireLogin(SHOP_MESSAGES.loginToAdd)) return;
      if (apids === null) {
        toast.show(SHOP_MESSAGES.chooseSpecFirst, { tone: 'error' });
        return;
      }
      setAdding(true);
      try {
        const result = await api.call(cartAdd, { pid, apids, number });
        setCartCount(result.count);
        toast.show(SHOP_MESSAGES.added, { tone: 'success' });
      } catch (error) {
        toast.show(error instanceof ApiError && error.message ? error.message : SHOP_MESSAGES.addFailed, {
          tone: 'error',
        });
      } finally {
        setAdding(false);
      }
    },
    [api, toast, requireLogin],
  );

  return { add, isAdding };
}
