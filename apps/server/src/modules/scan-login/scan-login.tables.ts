import { bigint, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { userKey } from '../accounts/index.ts';

/** QR scan logins: made by a browser, scanned and confirmed by a logged-in phone. */
export const scanLogins = pgTable('scan_logins', {
  /** The random scan code in the QR. */
  code: text('code').primaryKey(),
  /** 0 waiting, 1 scanned, 2 confirmed, -1 declined (expiry is computed from expiresAt). */
  status: smallint('status').notNull().default(0),
  /** The phone user who scanned / confirmed. */
  userId: bigint('user_id', { mode: 'number' }).references(userKey, { onDelete: 'cascade' }),
  /** The asking browser, shown to the phone before it confirms. */
  userAgent: text('user_agent').notNull().default(''),
  ip: text('ip').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** When the browser received its token (handed out once). */
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
});
