import { CART_MAX_PER_LINE, type Product } from '@evcircle/contract/client';

type Sku = Product['skus'][number];
type SpecGroup = Product['specs'][number];

/** The chosen option of each spec group, in group order (null = not chosen yet). */
export type SpecChoice = (number | null)[];

/** Nothing chosen, except groups with one option only (there is no choice to make). */
export function initialChoice(specs: readonly SpecGroup[], skus: readonly Sku[]): SpecChoice {
  const choice: SpecChoice = specs.map((group) =>
    group.options.length === 1 ? (group.options[0]?.apid ?? null) : null,
  );
  // With a single SKU in stock everything is decided.
  const inStock = skus.filter((sku) => sku.stock > 0);
  if (inStock.length === 1 && inStock[0]) return specs.map((_, g) => inStock[0]?.apids[g] ?? null);
  return choice;
}

function matches(sku: Sku, choice: SpecChoice): boolean {
  return choice.every((apid, g) => apid === null || sku.apids[g] === apid);
}

/**
 * Whether an option can be picked: some SKU with stock has it together with what is
 * chosen in the other groups. Options that would only lead to sold-out SKUs are greyed.
 */
export function isOptionAvailable(skus: readonly Sku[], choice: SpecChoice, group: number, apid: number): boolean {
  const next = choice.map((chosen, g) => (g === group ? apid : chosen));
  return skus.some((sku) => sku.stock > 0 && matches(sku, next));
}

/** The SKU the choice names once every group has an option; null before that. */
export function chosenSku(skus: readonly Sku[], choice: SpecChoice): Sku | null {
  if (choice.some((apid) => apid === null)) return null;
  return skus.find((sku) => sku.apids.length === choice.length && matches(sku, choice)) ?? null;
}

/**
 * Picks (or, picked again, un-picks) an option. Choices in other groups that no longer
 * lead to any SKU in stock together with it are dropped.
 */
export function toggleOption(skus: readonly Sku[], choice: SpecChoice, group: number, apid: number): SpecChoice {
  if (choice[group] === apid) return choice.map((chosen, g) => (g === group ? null : chosen));
  const next = choice.map((chosen, g) => (g === group ? apid : chosen));
  return next.map((chosen, g) => {
    if (chosen === null || g === group) return chosen;
    const alone: SpecChoice = next.map((c, i) => (i === g || i === group ? c : null));
    return skus.some((sku) => sku.stock > 0 && matches(sku, alone)) ? chosen : null;
  });
}

/** Most units the stepper allows: the SKU's stock (or the product's), at most CART_MAX_PER_LINE. */
export function maxQuantity(stock: number): number {
  return Math.max(0, Math.min(stock, CART_MAX_PER_LINE));
}

/** A quantity kept between 1 and the maximum (0 when nothing can be bought). */
export function clampQuantity(quantity: number, max: number): number {
  if (max < 1) return 0;
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(max, Math.max(1, Math.floor(quantity)));
}

/** The names of the groups still to choose, for 请选择 颜色 / 车型. */
export function missingGroups(specs: readonly SpecGroup[], choice: SpecChoice): string[] {
  return specs.filter((_, g) => choice[g] === null).map((group) => group.name);
}

/** "颜色：黑色；车型：Model Y" for the chosen options. */
export function choiceText(specs: readonly SpecGroup[], choice: SpecChoice): string {
  return specs
    .map((group, g) => {
      const option = group.options.find((o) => o.apid === choice[g]);
      return option ? `${group.name}：${option.name}` : null;
    })
    .filter((part): part is string => part !== null)
    .join('；');
}
