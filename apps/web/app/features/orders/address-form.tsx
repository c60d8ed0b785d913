import { type Address, addressSave } from '@evcircle/contract/client';
import { type FormEvent, useId, useState } from 'react';
import { useApi } from '~/lib/api.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { fieldClass } from './field-class.ts';
import { ORDERS_MESSAGES } from './messages.ts';
import { refusalText } from './order-rules.ts';
import { NO_REGION, type RegionChoice, regionText } from './region-choice.ts';
import { RegionPicker } from './region-picker.tsx';

type AddressFormProps = {
  /** The address being edited, or null for a new one. */
  address: Address | null;
  onSaved: (saved: Address) => void;
  onCancel: () => void;
};

/**
 * Adds or edits an address: receiver, mobile, 省/市/区 from the picker, the detail, 默认.
 * The server checks every field (and that the place is in its table) and says what is wrong.
 */
export function AddressForm({ address, onSaved, onCancel }: AddressFormProps) {
  const api = useApi();
  const id = useId();
  const [name, setName] = useState(address?.name ?? '');
  const [mobile, setMobile] = useState(address?.mobile ?? '');
  const [region, setRegion] = useState<RegionChoice>(
    address ? { province: address.province, city: address.city, district: address.district } : NO_REGION,
  );
  const [detail, setDetail] = useState(address?.detail ?? '');
  const [isDefault, setDefault] = useState(address?.is_default ?? false);
  const [error, setError] = useState('');
  const [isSaving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!region.district) {
      setError(ORDERS_MESSAGES.chooseRegion);
      return;
    }
    setSaving(true);
    setError('');
    try {
      const saved = await api.call(addressSave, {
        ...(address ? { id: address.id } : {}),
        name,
        mobile,
        ...region,
        detail,
        is_default: isDefault,
      });
      onSaved(saved);
    } catch (failure) {
      setError(refusalText(failure, ORDERS_MESSAGES.failed));
      setSaving(false);
    }
  }

  const label = 'mb-1 block text-sm font-medium text-gray-700 dark:text-gray-200';
  return (
    <form onSubmit={submit} className="space-y-4 px-4 pt-4 pb-5" data-testid="address-form" noValidate>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-name`} className={label}>
            {ORDERS_MESSAGES.receiver}
          </label>
          <input
            id={`${id}-name`}
            data-testid="address-name"
            className={fieldClass}
            value={name}
            maxLength={20}
            autoComplete="name"
            placeholder={ORDERS_MESSAGES.receiverPlaceholder}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-mobile`} className={label}>
            {ORDERS_MESSAGES.mobile}
          </label>
          <input
            id={`${id}-mobile`}
            data-testid="address-mobile"
            className={fieldClass}
            value={mobile}
            inputMode="numeric"
            maxLength={11}
            autoComplete="tel-national"
            placeholder={ORDERS_MESSAGES.mobilePlaceholder}
            onChange={(event) => setMobile(event.target.value.replace(/\D/g, ''))}
          />
        </div>
      </div>
      <fieldset>
        <legend className={label}>{ORDERS_MESSAGES.region}</legend>
        <RegionPicker value={region} onChange={setRegion} />
        {region.district ? (
          <p className="mt-1 text-xs text-gray-500 dark:text-gray-400" data-testid="address-region-text">
            {regionText(region)}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-detail`} className={label}>
          {ORDERS_MESSAGES.detail}
        </label>
        <textarea
          id={`${id}-detail`}
          data-testid="address-detail"
          className={cn(fieldClass, 'h-auto min-h-16 py-2')}
          rows={2}
          value={detail}
          maxLength={100}
          autoComplete="street-address"
          placeholder={ORDERS_MESSAGES.detailPlaceholder}
          onChange={(event) => setDetail(event.target.value)}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          data-testid="address-default"
          className="size-4 accent-primary-600"
          checked={isDefault}
          onChange={(event) => setDefault(event.target.checked)}
        />
        {ORDERS_MESSAGES.setDefault}
      </label>
      {error ? (
        <p role="alert" data-testid="address-error" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex gap-3">
        <Button variant="outline" className="flex-1" onClick={onCancel}>
          {ORDERS_MESSAGES.keep}
        </Button>
        <Button type="submit" className="flex-1" disabled={isSaving} data-testid="address-save">
          {isSaving ? ORDERS_MESSAGES.saving : ORDERS_MESSAGES.save}
        </Button>
      </div>
    </form>
  );
}
