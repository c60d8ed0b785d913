import { z } from 'zod';
import { CART_MAX_PER_LINE, PRODUCT_SORTS, SHOP_PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { ICON_COLLECTIONS, parseIconName } from './icon-rules.ts';
import {
  booleanField,
  IdSchema,
  idListText,
  jsonList,
  OptionalIdSchema,
  optionalText,
  pageField,
  parseJsonText,
  sizeField,
} from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

// The shop (SPEC.md §3 Product/Category/Cart response, §7 "Shop"). Amounts are integer fen
// inside and yuan with two decimals in every answer ("199.00"); a client never sends a price.

/** An amount in yuan with two decimals, as every answer writes it. */
const Yuan = z.string().regex(/^\d+\.\d{2}$/);

/**
 * A category and the ones under it, any depth (SPEC.md §3 Category). `icon`, when an admin
 * picked one, is an Iconify name (`mdi:car-battery`) served by ICON_API_PATH.
 */
export type CategoryNode = { cid: number; cname: string; icon?: string; children: CategoryNode[] };
export const CategoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    cid: z.number(),
    cname: z.string(),
    icon: z.string().optional(),
    children: z.array(CategoryNodeSchema),
  }),
);

/** An icon name as an admin saves it: '' clears the icon; absent leaves it as it is. */
const CategoryIconField = z
  .string({ error: '图标须为文本' })
  .trim()
  .refine((value) => value === '' || parseIconName(value) !== null, {
    error: `图标名称不正确，应为 ${ICON_COLLECTIONS.join('、')} 图标集中的名称，例如 mdi:car-battery`,
  })
  .optional();

export const categoryTree = defineEndpoint({
  method: 'GET',
  path: '/api/v1/prd/info/categoryTree',
  data: z.array(CategoryNodeSchema),
  auth: 'none',
  summary: '商品分类',
});

/** A running promotion: its price (the lowest of its SKUs) and when it ends (ISO 8601). */
export const PromotionSchema = z.object({ price: Yuan, ends_at: z.string() });

/** A product as the lists show it. `price` is what it costs now (the lowest SKU, promotion applied). */
export const ProductCardSchema = z.object({
  pid: z.number(),
  title: z.string(),
  cover: z.string(),
  price: Yuan,
  /** '' when the product has no market price. */
  market_price: z.union([Yuan, z.literal('')]),
  /** round(price / market_price × 100); 100 without a market price. */
  discount: z.number(),
  sales: z.number(),
  /** Units in stock over all SKUs (0 = sold out). */
  stock: z.number(),
  promotion: PromotionSchema.nullable(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

/**
 * `others` of getProductsByCategory: JSON text `{"cid":3,"page":1,"sort":"price_asc"}`
 * (every key optional; no cid = every category; a category includes those under it).
 */
export const ProductListOthersSchema = z.object(
  {
    cid: OptionalIdSchema,
    page: pageField(),
    sort: z.enum(PRODUCT_SORTS, { error: '排序方式不正确' }).default('default'),
  },
  { error: '筛选条件格式不正确' },
);
export type ProductListOthers = z.input<typeof ProductListOthersSchema>;

/** JSON text of an object ('' or absent = {}); text that is not JSON fails the object check. */
function parsedJson(value: unknown): unknown {
  return value === undefined || value === null || value === '' ? {} : parseJsonText(value);
}

/** Products on sale in a category (and those under it), a page at a time. */
export const productsByCategory = defineEndpoint({
  method: 'GET',
  path: '/api/v1/prd/info/getProductsByCategory',
  query: z.object({
    size: sizeField(SHOP_PAGE_SIZE),
    others: z.preprocess(parsedJson, ProductListOthersSchema).default({ page: 1, sort: 'default' }),
  }),
  data: z.object({ items: z.array(ProductCardSchema), total: z.number(), hasMore: z.boolean() }),
  auth: 'none',
  summary: '分类商品',
});

/** A spec group (颜色, 规格, 车型 …) and its options; `apid` names an option in cart calls. */
export const SpecGroupSchema = z.object({
  name: z.string(),
  options: z.array(z.object({ apid: z.number(), name: z.string() })),
});

/** One combination of options (one option of each group), with its own price and stock. */
export const SkuSchema = z.object({
  sku_id: z.number(),
  /** The option of each group, in group order; [] for a product without specs. */
  apids: z.array(z.number()),
  price: Yuan,
  market_price: z.union([Yuan, z.literal('')]),
  stock: z.number(),
});

/** The product detail (SPEC.md §3 Product). */
export const ProductSchema = ProductCardSchema.extend({
  /** Safe HTML (a fixed set of tags, no attributes but img src/alt). */
  description: z.string(),
  images: z.array(z.string()),
  specs: z.array(SpecGroupSchema),
  skus: z.array(SkuSchema),
  /** From the top category down to the product's own. */
  category: z.array(z.object({ cid: z.number(), cname: z.string() })),
});
export type Product = z.infer<typeof ProductSchema>;

const PidQuery = z.object({ pid: IdSchema });

/** A product on sale; an unknown or unlisted pid is PRODUCT_NOT_FOUND. */
export const productInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/prd/info/info',
  query: PidQuery,
  data: ProductSchema,
  auth: 'none',
  access: { rule: 'unowned' },
  summary: '商品详情',
});

/** The code a phone scans to buy the product in the mini-program (or a QR of its page). */
export const productQrcode = defineEndpoint({
  method: 'POST',
  path: '/api/v1/prd/info/generateQrcode',
  body: z.object({
    pid: IdSchema,
    env_version: z.enum(['release', 'trial', 'develop'], { error: '小程序版本不正确' }).default('release'),
  }),
  data: z.object({ qrcodeUrl: z.string() }),
  auth: 'none',
  access: { rule: 'unowned' },
  rateLimit: { by: 'ip', windows: [{ limit: 30, windowSeconds: 60 }] },
  summary: '商品小程序码',
});

/** Option ids: a JSON list, or text joined by commas ('' or blank = none). */
const ApidsSchema = z
  .preprocess(
    (value) => (value === undefined || value === null ? [] : idListText(value)),
    z.array(IdSchema, { error: '规格格式不正确' }).max(10, { error: '规格格式不正确' }),
  )
  .default([]);

const NumberField = z.coerce
  .number({ error: '数量须为数字' })
  .int({ error: '数量须为整数' })
  .min(1, { error: '数量至少为 1' })
  .max(CART_MAX_PER_LINE, { error: `每件商品最多购买 ${CART_MAX_PER_LINE} 件` });

/** Adds to the viewer's cart; the same SKU merges into its line. Answers the line and the new count. */
export const cartAdd = defineEndpoint({
  method: 'POST',
  path: '/api/v1/prd/cart/add',
  body: z.object({ pid: IdSchema, apids: ApidsSchema, number: NumberField.default(1) }),
  data: z.object({ cid: z.number(), number: z.number(), count: z.number() }),
  auth: 'user',
  access: { rule: 'unowned' },
  rateLimit: { by: 'user', windows: [{ limit: 60, windowSeconds: 60 }] },
  summary: '加入购物车',
});

/** How many items are in the viewer's cart (the sum of its lines' numbers). */
export const cartCount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/prd/cart/count',
  data: z.object({ count: z.number() }),
  auth: 'user',
  summary: '购物车数量',
});

/** A cart line, priced from the product now. */
export const CartLineSchema = z.object({
  cid: z.number(),
  pid: z.number(),
  sku_id: z.number(),
  title: z.string(),
  cover: z.string(),
  apids: z.array(z.number()),
  /** The chosen options, e.g. "颜色：黑色；车型：Model Y" ('' without specs). */
  spec_text: z.string(),
  price: Yuan,
  market_price: z.union([Yuan, z.literal('')]),
  number: z.number(),
  stock: z.number(),
  /** price × number. */
  amount: Yuan,
  /** false once the product is off sale or the SKU is gone or sold out. */
  available: z.boolean(),
  promotion: PromotionSchema.nullable(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/**
 * The viewer's cart: `prds` ordinary lines, `acvPrds` lines of products in a running
 * promotion (at its price), `balance` the points balance; `total` sums the available lines.
 */
export const cartList = defineEndpoint({
  method: 'GET',
  path: '/api/v1/prd/cart/list',
  data: z.object({
    prds: z.array(CartLineSchema),
    acvPrds: z.array(CartLineSchema),
    balance: z.number(),
    total: Yuan,
    count: z.number(),
  }),
  auth: 'user',
  summary: '购物车',
});

/** Line ids: a JSON list, text joined by commas, or one number. */
const CidsSchema = z.preprocess(
  (value) => (typeof value === 'number' ? [value] : idListText(value)),
  z
    .array(IdSchema, { error: '购物车条目格式不正确' })
    .min(1, { error: '请选择要删除的商品' })
    .max(100, { error: '一次最多删除 100 件' }),
);

/** Removes lines of the viewer's cart; a cid that is not theirs removes nothing (CART_LINE_NOT_FOUND). */
export const cartDelete = defineEndpoint({
  method: 'POST',
  path: '/api/v1/prd/cart/del',
  body: z.object({ cids: CidsSchema }),
  data: z.object({ result: z.boolean(), count: z.number() }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '删除购物车商品',
});

export const cartUpdateNumber = defineEndpoint({
  method: 'POST',
  path: '/api/v1/prd/cart/updnumber',
  body: z.object({ cid: IdSchema, number: NumberField }),
  data: z.object({ cid: z.number(), number: z.number(), count: z.number() }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '修改购物车数量',
});

// ── The shop's admin (admins only; paths of our own: SPEC.md shows no admin calls) ──

/** A product as the admin edits it: on sale or not, every SKU, the promotion window. */
export const AdminProductSchema = z.object({
  pid: z.number(),
  cid: z.number(),
  title: z.string(),
  description: z.string(),
  /** Stored image addresses (upload paths). */
  images: z.array(z.string()),
  on_sale: z.boolean(),
  specs: z.array(z.object({ name: z.string(), options: z.array(z.string()) })),
  skus: z.array(
    z.object({
      /** One option name per spec group, in group order. */
      options: z.array(z.string()),
      price: Yuan,
      market_price: z.union([Yuan, z.literal('')]),
      /** '' = no promotion price for this SKU. */
      promo_price: z.union([Yuan, z.literal('')]),
      stock: z.number(),
    }),
  ),
  /** ISO 8601, or '' without a promotion. */
  promo_start: z.string(),
  promo_end: z.string(),
  sales: z.number(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

/** Yuan as an admin types it: "199", "199.9", "199.90"; '' where allowed. */
const YuanInput = z
  .string({ error: '价格须为数字' })
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: '价格格式不正确（最多两位小数）' });

const SpecInput = z.object({
  name: z.string().trim().min(1, { error: '规格名不能为空' }).max(10, { error: '规格名不能超过 10 个字' }),
  options: z
    .array(z.string().trim().min(1, { error: '规格值不能为空' }).max(20, { error: '规格值不能超过 20 个字' }))
    .min(1, { error: '每个规格至少一个值' })
    .max(20, { error: '每个规格最多 20 个值' }),
});

const SkuInput = z.object({
  options: z.array(z.string().trim()).max(3),
  price: YuanInput,
  market_price: z.union([YuanInput, z.literal('')]).default(''),
  promo_price: z.union([YuanInput, z.literal('')]).default(''),
  stock: z.coerce
    .number({ error: '库存须为数字' })
    .int({ error: '库存须为整数' })
    .min(0, { error: '库存不能为负数' })
    .max(999_999, { error: '库存过大' }),
});

/** A yes/no that arrives as text: 1/0, true/false. */
const BooleanField = booleanField('须为 1 或 0');

/** Optional ISO time: '' = none. */
const TimeInput = z
  .string()
  .trim()
  .refine((text) => text === '' || !Number.isNaN(Date.parse(text)), { error: '时间格式不正确' })
  .default('');

/** Creates (no pid) or replaces a product. Options keep their apid when their group and name stay. */
export const adminProductSave = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/prd/save',
  body: z.object({
    pid: OptionalIdSchema,
    cid: IdSchema,
    title: z.string().trim().min(2, { error: '商品名称至少 2 个字' }).max(60, { error: '商品名称不能超过 60 个字' }),
    description: optionalText(5000, '商品详情'),
    images: jsonList(z.string().trim().min(1), 9, '商品图').refine((list) => list.length > 0, {
      error: '至少上传一张商品图',
    }),
    specs: jsonList(SpecInput, 3, '规格'),
    skus: jsonList(SkuInput, 200, 'SKU').refine((list) => list.length > 0, { error: '至少一个 SKU' }),
    on_sale: BooleanField.default(false),
    promo_start: TimeInput,
    promo_end: TimeInput,
  }),
  data: z.object({ pid: z.number() }),
  auth: 'admin',
  access: { rule: 'admin' },
  summary: '保存商品',
});

/** Every product, on sale or not, newest first; `word` matches the title. */
export const adminProductList = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/prd/list',
  query: z.object({ page: pageField(), size: sizeField(SHOP_PAGE_SIZE), word: optionalText(60, '关键词') }),
  data: z.object({
    items: z.array(ProductCardSchema.extend({ on_sale: z.boolean(), cid: z.number(), category: z.string() })),
    total: z.number(),
    hasMore: z.boolean(),
  }),
  auth: 'admin',
  summary: '商品管理列表',
});

export const adminProductInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/prd/info',
  query: PidQuery,
  data: AdminProductSchema,
  auth: 'admin',
  access: { rule: 'admin' },
  summary: '商品编辑详情',
});

/** Puts a product on sale or takes it off. */
export const adminProductOnSale = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/prd/on-sale',
  body: z.object({ pid: IdSchema, on_sale: BooleanField }),
  data: z.object({ result: z.boolean() }),
  auth: 'admin',
  access: { rule: 'admin' },
  summary: '商品上下架',
});

/**
 * Creates (no cid) or renames/moves a category; `parent_id` '' or 0 = a top category;
 * `icon` an Iconify name, '' for none, absent to keep the one it has.
 */
export const adminCategorySave = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/category/save',
  body: z.object({
    cid: OptionalIdSchema,
    cname: z.string().trim().min(1, { error: '分类名不能为空' }).max(12, { error: '分类名不能超过 12 个字' }),
    parent_id: OptionalIdSchema,
    sort: z.coerce.number({ error: '排序须为数字' }).int({ error: '排序须为整数' }).default(0),
    icon: CategoryIconField,
  }),
  data: z.object({ cid: z.number() }),
  auth: 'admin',
  access: { rule: 'admin' },
  summary: '保存商品分类',
});

/** Deletes an empty category (no products, no sub-categories). */
export const adminCategoryDelete = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/category/delete',
  body: z.object({ cid: IdSchema }),
  data: z.object({ result: z.boolean() }),
  auth: 'admin',
  access: { rule: 'admin' },
  summary: '删除商品分类',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const shopErrors = defineErrors({
  PRODUCT_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '商品不存在或已下架' },
  CATEGORY_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '商品分类不存在' },
  /** A category with products or sub-categories. */
  CATEGORY_NOT_EMPTY: { status: STATUS.CONFLICT, message: '分类下还有商品或子分类，不能删除' },
  /** A category moved under itself or one of its own. */
  CATEGORY_CYCLE: { status: STATUS.VALIDATION_FAILED, message: '不能把分类移到它自己的下级' },
  /** apids that do not name one option of each spec group of the product. */
  SPEC_INVALID: { status: STATUS.VALIDATION_FAILED, message: '请选择完整的商品规格' },
  /** More than the SKU's stock (merged with what the cart already holds). */
  STOCK_NOT_ENOUGH: { status: STATUS.CONFLICT, message: '库存不足，最多还能购买 {stock} 件' },
  SOLD_OUT: { status: STATUS.CONFLICT, message: '该规格已售罄' },
  CART_LINE_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '购物车中没有这件商品' },
  CART_FULL: { status: STATUS.CONFLICT, message: '购物车最多放 {limit} 种商品' },
  /** The admin's SKU list does not match the spec groups. */
  SKUS_INVALID: { status: STATUS.VALIDATION_FAILED, message: 'SKU 与规格不一致：{detail}' },
  PROMOTION_INVALID: { status: STATUS.VALIDATION_FAILED, message: '促销设置不正确：{detail}' },
  QRCODE_FAILED: { status: STATUS.UNAVAILABLE, message: '生成二维码失败，请稍后重试' },
});
