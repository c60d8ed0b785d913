import { ADDRESS_BOOK_MAX, type Address, AppError } from '@evcircle/contract';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { type AddressSnapshot, shopAddresses } from './orders.tables.ts';
import { assertRegion } from './regions.service.ts';

// The address book (0021-shop-orders.md): at most ADDRESS_BOOK_MAX each, exactly one
// default while there is any. Another person's address is ADDRESS_NOT_FOUND everywhere.

type AddressRow = typeof shopAddresses.$inferSelect;
export type AddressInput = AddressSnapshot & { id?: number; is_default: boolean };

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    province: row.province,
    city: row.city,
    district: row.district,
    detail: row.detail,
    is_default: row.isDefault,
  };
}

export function snapshotOf(row: AddressRow): AddressSnapshot {
  const { name, mobile, province, city, district, detail } = row;
  return { name, mobile, province, city, district, detail };
}

/** Serialises one person's address-book writes until the transaction ends (the limit, the one default). */
async function lockBook(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shop-address:${userId}`}, 0))`);
}

/** The person's addresses: the default first, then the newest. */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(shopAddresses)
    .where(eq(shopAddresses.userId, userId))
    .orderBy(desc(shopAddresses.isDefault), desc(shopAddresses.id));
  return rows.map(toAddress);
}

/** One of the person's addresses; anyone else's is ADDRESS_NOT_FOUND. */
export async function ownAddress(db: Db, userId: number, id: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(shopAddresses)
    .where(and(eq(shopAddresses.id, id), eq(shopAddresses.userId, userId)));
  if (!row) throw new AppError('ADDRESS_NOT_FOUND');
  return row;
}

/** The person's default address, if any. */
export async function defaultAddress(db: Db, userId: number): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(shopAddresses)
    .where(and(eq(shopAddresses.userId, userId), eq(shopAddresses.isDefault, true)));
  return row ?? null;
}

/**
 * Creates (no id) or edits one of the person's addresses. The first address is the
 * default whatever was asked; saving one as default takes it from the others; an edit
 * cannot leave the book without a default (unticking the default keeps it). The
 * province, city and district must be a place the picker offers (listRegions).
 */
export async function saveAddress(db: Db, userId: number, input: AddressInput): Promise<Address> {
  assertRegion(input.province, input.city, input.district);
  const fields = {
    name: input.name,
    mobile: input.mobile,
    province: input.province,
    city: input.city,
    district: input.district,
    detail: input.detail,
  };
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const current = await defaultAddress(tx, userId);
    let id = input.id;
    if (id === undefined) {
      const [held] = await tx.select({ n: count() }).from(shopAddresses).where(eq(shopAddresses.userId, userId));
      if ((held?.n ?? 0) >= ADDRESS_BOOK_MAX) throw new AppError('ADDRESS_BOOK_FULL');
    } else {
      await ownAddress(tx, userId, id);
    }
    const isDefault = input.is_default || current === null || current.id === id;
    if (isDefault && current !== null && current.id !== id) {
      await tx.update(shopAddresses).set({ isDefault: false }).where(eq(shopAddresses.id, current.id));
    }
    if (id === undefined) {
      const [row] = await tx
        .insert(shopAddresses)
        .values({ userId, ...fields, isDefault })
        .returning({ id: shopAddresses.id });
      if (!row) throw new Error('address not created');
      id = row.id;
    } else {
      await tx
        .update(shopAddresses)
        .set({ ...fields, isDefault, updatedAt: new Date() })
        .where(eq(shopAddresses.id, id));
    }
    return toAddress(await ownAddress(tx, userId, id));
  });
}

/** Deletes one of the person's addresses; when it was the default, the newest other becomes it. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const row = await ownAddress(tx, userId, id);
    await tx.delete(shopAddresses).where(eq(shopAddresses.id, id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: shopAddresses.id })
      .from(shopAddresses)
      .where(and(eq(shopAddresses.userId, userId), ne(shopAddresses.id, id)))
      .orderBy(desc(shopAddresses.id))
      .limit(1);
    if (next) await tx.update(shopAddresses).set({ isDefault: true }).where(eq(shopAddresses.id, next.id));
  });
}

/** A deleted account's addresses go with it (its orders keep their own copies). */
export async function deleteAddressesOf(tx: Db, userId: number): Promise<void> {
  await tx.delete(shopAddresses).where(eq(shopAddresses.userId, userId));
}
