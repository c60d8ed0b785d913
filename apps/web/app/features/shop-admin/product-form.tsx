import {
  type AdminProduct,
  ApiError,
  adminProductSave,
  type CategoryNode,
  formatMessage,
} from '@evcircle/contract/client';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '~/lib/api.ts';
import { useIsMobile } from '~/lib/use-is-mobile.ts';
import { Button } from '~/ui/button.tsx';
import { cn } from '~/ui/cn.ts';
import { useToast } from '~/ui/toast.tsx';
import { DescriptionPreview } from './description-preview.tsx';
import { ImageField } from './image-field.tsx';
import { inputClass } from './input-class.ts';
import { SHOP_ADMIN_MESSAGES as M } from './messages.ts';
import {
  type DraftProblems,
  draftOf,
  draftProblems,
  emptyDraft,
  flattenTree,
  MAX_IMAGES,
  MAX_SKUS,
  MAX_SPEC_GROUPS,
  type ProductDraft,
  type SpecDraft,
  saveBody,
  skuTable,
} from './product-draft.ts';
import { SkuTable } from './sku-table.tsx';
import { SpecEditor } from './spec-editor.tsx';

type ProductFormProps = {
  initial: ProductDraft;
  tree: CategoryNode[];
  imageBase: string;
  /** The server stored the product. */
  onSaved: (pid: number) => void;
};

function Field({
  label,
  hint,
  problem,
  testId,
  children,
}: {
  label: string;
  hint?: string;
  problem?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section data-testid={testId} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{label}</h3>
      {hint ? <p className="-mt-1 text-xs text-gray-500 dark:text-gray-400">{hint}</p> : null}
      {children}
      {problem ? (
        <p role="alert" data-testid={`${testId}-problem`} className="text-xs text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

/** The form of ?edit=new (`product` null) or ?edit={pid}, filled from the product. */
export function ProductEditor({
  product,
  ...props
}: Omit<ProductFormProps, 'initial'> & { product: AdminProduct | null }) {
  return <ProductForm initial={product ? draftOf(product) : emptyDraft()} {...props} />;
}

/** Creates or edits a product: category, title, description, images, specs, SKUs, promotion, on sale. */
export function ProductForm({ initial, tree, imageBase, onSaved }: ProductFormProps) {
  const api = useApi();
  const toast = useToast();
  const isMobile = useIsMobile();
  const [draft, setDraft] = useState(initial);
  /** After the first 保存 the problems follow the form as it changes. */
  const [hasTried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isPreview, setPreview] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const categories = flattenTree(tree);
  const problems: DraftProblems = hasTried ? draftProblems(draft) : {};
  const formError = Object.keys(problems).length > 0 ? M.fixProblems : serverError;

  const change = (patch: Partial<ProductDraft>) => setDraft((now) => ({ ...now, ...patch }));
  const changeSpecs = (specs: SpecDraft[]) => {
    const skus = skuTable(specs, draft.skus);
    if (!skus) {
      toast.show(formatMessage(M.tooManySkus, { max: MAX_SKUS }), { tone: 'error' });
      return;
    }
    change({ specs, skus });
  };

  async function save() {
    const found = draftProblems(draft);
    setTried(true);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const { pid } = await api.call(adminProductSave, saveBody(draft));
      toast.show(M.saved, { tone: 'success' });
      onSaved(pid);
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : M.failed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      data-testid="product-form"
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="flex items-center gap-2">
        <Link
          to="/admin/products"
          aria-label={M.backToList}
          className="flex size-9 items-center justify-center rounded-full hover:bg-gray-100 dark:hover:bg-gray-800"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
        <h2 className="text-lg font-semibold">{draft.pid ? M.editHeading : M.newHeading}</h2>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Field label={M.category} problem={problems.cid} testId="field-category">
          <select
            data-testid="product-category"
            aria-label={M.category}
            value={draft.cid ?? ''}
            onChange={(event) => change({ cid: event.target.value ? Number(event.target.value) : null })}
            className={inputClass}
          >
            <option value="">{M.chooseCategory}</option>
            {categories.map((category) => (
              <option key={category.cid} value={category.cid}>
                {`${'\u3000'.repeat(category.depth)}${category.cname}`}
              </option>
            ))}
          </select>
        </Field>
        <Field label={M.productTitle} problem={problems.title} testId="field-title">
          <input
            data-testid="product-title"
            aria-label={M.productTitle}
            placeholder={M.titlePlaceholder}
            maxLength={60}
            value={draft.title}
            onChange={(event) => change({ title: event.target.value })}
            className={inputClass}
          />
        </Field>
      </div>

      <Field
        label={M.images}
        hint={formatMessage(M.imagesHint, { max: MAX_IMAGES })}
        problem={problems.images}
        testId="field-images"
      >
        <ImageField images={draft.images} imageBase={imageBase} onChange={(images) => change({ images })} />
      </Field>

      <Field label={M.description} hint={M.descriptionHint} testId="field-description">
        <div className="flex gap-1 text-sm">
          <Button variant={isPreview ? 'ghost' : 'outline'} size="sm" onClick={() => setPreview(false)}>
            {M.description}
          </Button>
          <Button
            variant={isPreview ? 'outline' : 'ghost'}
            size="sm"
            data-testid="description-preview-toggle"
            onClick={() => setPreview(true)}
          >
            {M.preview}
          </Button>
        </div>
        {isPreview ? (
          <div className="min-h-32 rounded-lg border border-gray-200 p-3 dark:border-gray-800">
            {draft.description.trim() ? (
              <DescriptionPreview html={draft.description} />
            ) : (
              <p className="text-sm text-gray-400">{M.previewEmpty}</p>
            )}
          </div>
        ) : (
          <textarea
            data-testid="product-description"
            aria-label={M.description}
            rows={6}
            maxLength={5000}
            value={draft.description}
            onChange={(event) => change({ description: event.target.value })}
            className={cn(inputClass, 'h-auto min-h-32 py-2 font-mono text-xs leading-relaxed')}
          />
        )}
      </Field>

      <Field
        label={M.specs}
        hint={formatMessage(M.specsHint, { max: MAX_SPEC_GROUPS })}
        problem={problems.specs}
        testId="field-specs"
      >
        <SpecEditor specs={draft.specs} onChange={changeSpecs} />
      </Field>

      <Field label={M.skus} hint={M.skusHint} problem={problems.skus} testId="field-skus">
        <SkuTable skus={draft.skus} onChange={(skus) => change({ skus })} />
      </Field>

      <Field label={M.promotion} hint={M.promoHint} problem={problems.promo} testId="field-promo">
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            {M.promoStart}
            <input
              type="datetime-local"
              data-testid="promo-start"
              value={draft.promo_start}
              onChange={(event) => change({ promo_start: event.target.value })}
              className={cn(inputClass, 'w-auto')}
            />
          </label>
          <label className="flex items-center gap-2 text-sm">
            {M.promoEnd}
            <input
              type="datetime-local"
              data-testid="promo-end"
              value={draft.promo_end}
              onChange={(event) => change({ promo_end: event.target.value })}
              className={cn(inputClass, 'w-auto')}
            />
          </label>
        </div>
      </Field>

      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          data-testid="product-on-sale"
          className="size-4.5 accent-primary-600"
          checked={draft.on_sale}
          onChange={(event) => change({ on_sale: event.target.checked })}
        />
        {M.onSaleLabel}
      </label>

      <div
        className={cn(
          'sticky z-10 flex flex-wrap items-center gap-3 border-gray-200 bg-white/95 px-3 py-3 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95',
          isMobile ? '-mx-3 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] border-t' : 'bottom-0 rounded-xl border',
        )}
      >
        {formError ? (
          <p
            role="alert"
            data-testid="product-form-error"
            className="min-w-0 flex-1 text-sm text-red-600 dark:text-red-400"
          >
            {formError}
          </p>
        ) : null}
        <Button type="submit" data-testid="product-save" disabled={isSaving} className="ml-auto min-w-28">
          {isSaving ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {isSaving ? M.saving : M.save}
        </Button>
      </div>
    </form>
  );
}
