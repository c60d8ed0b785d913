import { useState } from 'react';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { inputClass } from './input-class.ts';
import { SHOP_ADMIN_MESSAGES as M } from './messages.ts';
import { fillSkus, isStockInput, isYuanInput, type SkuDraft } from './product-draft.ts';

type Field = 'price' | 'market_price' | 'promo_price' | 'stock';
const FIELDS: { field: Field; label: string }[] = [
  { field: 'price', label: M.price },
  { field: 'market_price', label: M.marketPrice },
  { field: 'promo_price', label: M.promoPrice },
  { field: 'stock', label: M.skuStock },
];

/** The combination's column stays in view while the prices scroll sideways (phones). */
const STICKY = 'sticky left-0 z-[1]';

function isValid(field: Field, value: string): boolean {
  if (field === 'stock') return isStockInput(value);
  if (field === 'price') return isYuanInput(value);
  return value.trim() === '' || isYuanInput(value);
}

/** Every combination's price, market price, promotion price and stock, with a 批量填写 row. */
export function SkuTable({ skus, onChange }: { skus: SkuDraft[]; onChange: (skus: SkuDraft[]) => void }) {
  const [fill, setFill] = useState<Record<Field, string>>({ price: '', market_price: '', promo_price: '', stock: '' });
  const set = (index: number, field: Field, value: string) =>
    onChange(skus.map((sku, i) => (i === index ? { ...sku, [field]: value } : sku)));
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800">
      <table className="w-full min-w-[36rem] text-sm" data-testid="sku-table">
        <thead className="bg-gray-50 text-left text-xs text-gray-500 dark:bg-gray-900 dark:text-gray-400">
          <tr>
            <th className={cn(STICKY, 'bg-gray-50 px-2 py-2 font-medium dark:bg-gray-900')}>{M.specs}</th>
            {FIELDS.map(({ field, label }) => (
              <th key={field} className="px-2 py-2 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {skus.length > 1 ? (
            <tr className="bg-primary-50/40 dark:bg-primary-950/30">
              <td className={cn(STICKY, 'bg-white px-2 py-1.5 dark:bg-gray-950')}>
                <Button
                  variant="outline"
                  size="sm"
                  data-testid="sku-fill-apply"
                  onClick={() => onChange(fillSkus(skus, fill))}
                >
                  {M.fillApply}
                </Button>
              </td>
              {FIELDS.map(({ field, label }) => (
                <td key={field} className="px-2 py-1.5">
                  <input
                    data-testid={`sku-fill-${field}`}
                    aria-label={`${M.fillAll} ${label}`}
                    placeholder={M.fillAll}
                    inputMode={field === 'stock' ? 'numeric' : 'decimal'}
                    value={fill[field]}
                    onChange={(event) => setFill((now) => ({ ...now, [field]: event.target.value }))}
                    className={inputClass}
                  />
                </td>
              ))}
            </tr>
          ) : null}
          {skus.map((sku, index) => {
            const name = sku.options.length > 0 ? sku.options.join(' / ') : M.defaultSku;
            return (
              <tr key={JSON.stringify(sku.options)} data-testid="sku-row" data-options={sku.options.join('/')}>
                <td className={cn(STICKY, 'bg-white px-2 py-1.5 whitespace-nowrap dark:bg-gray-950')}>{name}</td>
                {FIELDS.map(({ field, label }) => (
                  <td key={field} className="px-2 py-1.5">
                    <input
                      data-testid={`sku-${field}`}
                      aria-label={`${name} ${label}`}
                      inputMode={field === 'stock' ? 'numeric' : 'decimal'}
                      value={sku[field]}
                      aria-invalid={sku[field] !== '' && !isValid(field, sku[field])}
                      onChange={(event) => set(index, field, event.target.value)}
                      className={cn(
                        inputClass,
                        'aria-invalid:border-red-500 aria-invalid:ring-red-500/20 dark:aria-invalid:border-red-500',
                      )}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
