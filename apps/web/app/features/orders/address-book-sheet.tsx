import { type Address, addressList } from '@evcircle/contract/client';
import { LoaderCircle, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { Sheet } from '~/ui/sheet.tsx';
import { useToast } from '~/ui/toast.tsx';
import { AddressForm } from './address-form.tsx';
import { ORDERS_MESSAGES } from './messages.ts';
import { regionText } from './region-choice.ts';

export type AddressBookSheetProps = {
  open: boolean;
  /** The address the order goes to now (ticked in the list). */
  chosenId: number | null;
  /** Open straight on the new-address form (checkout without any address). */
  startWithForm: boolean;
  onChoose: (address: Address) => void;
  onClose: () => void;
};

type Mode = { mode: 'list' } | { mode: 'form'; address: Address | null };

/**
 * The address book of checkout (loaded when first opened): the addresses to choose from,
 * 编辑 each, 新增收货地址; a saved address is the order's at once.
 */
export function AddressBookSheet({ open, chosenId, startWithForm, onChoose, onClose }: AddressBookSheetProps) {
  const [mode, setMode] = useState<Mode>({ mode: 'list' });
  // Each opening starts on the list (or the form when there is nothing to choose).
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setMode(startWithForm ? { mode: 'form', address: null } : { mode: 'list' });
  }
  const title =
    mode.mode === 'list'
      ? ORDERS_MESSAGES.chooseAddress
      : mode.address
        ? ORDERS_MESSAGES.addressEditTitle
        : ORDERS_MESSAGES.addressFormTitle;
  return (
    <Sheet open={open} onClose={onClose} title={title} data-testid="address-book">
      {mode.mode === 'form' ? (
        <AddressForm
          key={mode.address?.id ?? 'new'}
          address={mode.address}
          onSaved={onChoose}
          onCancel={() => (startWithForm && !mode.address ? onClose() : setMode({ mode: 'list' }))}
        />
      ) : (
        <AddressList chosenId={chosenId} onChoose={onChoose} onForm={(address) => setMode({ mode: 'form', address })} />
      )}
    </Sheet>
  );
}

function AddressList({
  chosenId,
  onChoose,
  onForm,
}: {
  chosenId: number | null;
  onChoose: (address: Address) => void;
  onForm: (address: Address | null) => void;
}) {
  const api = useApi();
  const toast = useToast();
  const [addresses, setAddresses] = useState<Address[] | null>(null);

  useEffect(() => {
    let isCurrent = true;
    api.call(addressList, {}).then(
      (answer) => isCurrent && setAddresses(answer),
      () => {
        if (!isCurrent) return;
        toast.show(ORDERS_MESSAGES.addressesFailed, { tone: 'error' });
        setAddresses([]);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, toast]);

  if (addresses === null) {
    return (
      <div role="status" className="flex justify-center py-10">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary-600" />
      </div>
    );
  }
  return (
    <div className="px-4 pt-3 pb-5">
      {addresses.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-500 dark:text-gray-400">{ORDERS_MESSAGES.noAddress}</p>
      ) : (
        <ul className="space-y-2">
          {addresses.map((address) => (
            <li
              key={address.id}
              data-testid="address-option"
              className={cn(
                'flex items-start gap-3 rounded-xl p-3 ring-1',
                address.id === chosenId
                  ? 'bg-primary-50 ring-primary-500 dark:bg-primary-950/40'
                  : 'ring-gray-200 dark:ring-gray-700',
              )}
            >
              <button
                type="button"
                className="min-w-0 flex-1 text-left"
                onClick={() => onChoose(address)}
                data-testid="address-choose"
              >
                <p className="flex items-center gap-2 text-sm font-medium">
                  {address.name}
                  <span className="text-gray-500 dark:text-gray-400">{address.mobile}</span>
                  {address.is_default ? (
                    <span className="rounded bg-primary-100 px-1.5 text-xs text-primary-700 dark:bg-primary-900 dark:text-primary-200">
                      {ORDERS_MESSAGES.defaultTag}
                    </span>
                  ) : null}
                </p>
                <p className="mt-0.5 text-xs break-words text-gray-600 dark:text-gray-300">
                  {regionText(address)} {address.detail}
                </p>
              </button>
              <Button variant="ghost" size="sm" onClick={() => onForm(address)} data-testid="address-edit">
                {ORDERS_MESSAGES.edit}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" className="mt-4 w-full" onClick={() => onForm(null)} data-testid="address-new">
        <Plus aria-hidden="true" className="size-4" />
        {ORDERS_MESSAGES.addAddress}
      </Button>
    </div>
  );
}
