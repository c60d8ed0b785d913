import type { DeliveryAddress } from '@evcircle/contract/client';
import { MapPin } from 'lucide-react';
import { regionText } from './region-choice.ts';

/** The address an order goes to (checkout, an order's page): receiver, mobile, the place and the detail. */
export function AddressCard({ address }: { address: DeliveryAddress }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-600 dark:text-primary-400" />
      <div className="min-w-0">
        <p className="text-sm font-medium">
          {address.name} <span className="ml-1 text-gray-500 dark:text-gray-400">{address.mobile}</span>
        </p>
        <p className="mt-0.5 text-sm break-words text-gray-700 dark:text-gray-200">
          {regionText(address)} {address.detail}
        </p>
      </div>
    </div>
  );
}
