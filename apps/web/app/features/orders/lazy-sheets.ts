import { lazyDialog } from '~/lib/lazy-component.ts';
import type { AddressBookSheetProps } from './address-book-sheet.tsx';
import type { OrderPaySheetProps } from './order-pay-sheet.tsx';

// The order pages' sheets load when first opened: the address book with its picker, and
// paying (the QR encoder loads later still, with the QR code).

export const LazyAddressBookSheet = lazyDialog<AddressBookSheetProps>(
  () => import('./address-book-sheet.tsx').then((module) => module.AddressBookSheet),
  (props) => props.open,
);

export const LazyOrderPaySheet = lazyDialog<OrderPaySheetProps>(
  () => import('./order-pay-sheet.tsx').then((module) => module.OrderPaySheet),
  (props) => props.open,
);
