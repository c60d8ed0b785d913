// What the database holds after a crash or a load run: the rows of the acknowledged
// writes, and every counter the schema keeps checked against the rows it counts.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeRows } from '../../apps/server/src/platform/db.ts';
import type { CounterMismatch, Ledger, Present, WriteKind } from './ledger.ts';

/** The orders that were paid (and may have gone on since). */
const PAID_STATES = ['unshipped', 'shipped', 'completed', 'refunded'];

/** `keys` as one jsonb parameter (any count, none included). */
function jsonList(keys: readonly string[]): SQL {
  return sql`${JSON.stringify(keys)}::jsonb`;
}

async function idsPresent(db: Db, table: string, keys: readonly string[]): Promise<Map<string, number>> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`select id::text as id from ${sql.identifier(table)}
      where id in (select (jsonb_array_elements_text(${jsonList(keys)}))::bigint)`,
  );
  return new Map(rows.map((row) => [row.id, 1]));
}

/** The acknowledged writes of `ledger` as the database holds them now. */
export async function readPresent(db: Db, ledger: Ledger): Promise<Present> {
  const present: Partial<Record<WriteKind, Map<string, number>>> = {};
  present.post = await idsPresent(db, 'posts', ledger.keys('post'));
  present.comment = await idsPresent(db, 'comments', ledger.keys('comment'));
  present.chat = await idsPresent(db, 'chat_messages', ledger.keys('chat'));
  const likes = await executeRows<{ key: string }>(
    db,
    sql`select post_id::text || ':' || user_id::text as key from post_likes
      where post_id::text || ':' || user_id::text in (select jsonb_array_elements_text(${jsonList(ledger.keys('like'))}))`,
  );
  present.like = new Map(likes.map((row) => [row.key, 1]));
  const cart = await executeRows<{ id: string; number: number }>(
    db,
    sql`select id::text as id, number from shop_cart_lines
      where id in (select (jsonb_array_elements_text(${jsonList(ledger.keys('cart'))}))::bigint)`,
  );
  present.cart = new Map(cart.map((row) => [row.id, Number(row.number)]));
  const paid = await executeRows<{ order_no: string }>(
    db,
    sql`select order_no from shop_orders
      where order_no in (select jsonb_array_elements_text(${jsonList(ledger.keys('order'))}))
        and state in (select jsonb_array_elements_text(${jsonList(PAID_STATES)}))`,
  );
  present.order = new Map(paid.map((row) => [row.order_no, 1]));
  return present;
}

/**
 * Every counter that disagrees with its rows: posts' likes and comments, comments' likes
 * and replies, what each chat member has sent, and the sales and stock of `productIds`
 * (made for the run with `initialStock`) against their orders.
 */
export async function counterMismatches(
  db: Db,
  productIds: readonly number[],
  initialStock: number,
): Promise<CounterMismatch[]> {
  const products = jsonList(productIds.map(String));
  const paidStates = jsonList(PAID_STATES);
  const rows = await executeRows<{ counter: string; id: string; stored: string; rows: string }>(
    db,
    sql`
      select 'posts.like_count' as counter, p.id, p.like_count as stored, count(l.user_id) as rows
        from posts p left join post_likes l on l.post_id = p.id
        group by p.id having p.like_count <> count(l.user_id)
      union all
      select 'posts.comment_count', p.id, p.comment_count, count(c.id)
        from posts p left join comments c on c.post_id = p.id and c.deleted_at is null
        where p.deleted_at is null
        group by p.id having p.comment_count <> count(c.id)
      union all
      select 'comments.like_count', c.id, c.like_count, count(l.user_id)
        from comments c left join comment_likes l on l.comment_id = c.id
        group by c.id having c.like_count <> count(l.user_id)
      union all
      select 'comments.reply_count', c.id, c.reply_count, count(r.id)
        from comments c left join comments r on r.parent_id = c.id and r.deleted_at is null
        where c.parent_id is null
        group by c.id having c.reply_count <> count(r.id)
      union all
      select 'conversation_members.sent_count', m.conversation_id, m.sent_count, count(x.id)
        from conversation_members m
        left join chat_messages x on x.conversation_id = m.conversation_id and x.sender_id = m.user_id
        group by m.conversation_id, m.user_id, m.sent_count having m.sent_count <> count(x.id)
      union all
      select 'shop_products.sales', pr.id, pr.sales,
          coalesce((select sum(ol.number) from shop_order_lines ol join shop_orders o on o.id = ol.order_id
            where ol.product_id = pr.id and o.state in (select jsonb_array_elements_text(${paidStates}))), 0)
        from shop_products pr
        where pr.id in (select (jsonb_array_elements_text(${products}))::bigint)
          and pr.sales <> coalesce((select sum(ol.number) from shop_order_lines ol join shop_orders o on o.id = ol.order_id
            where ol.product_id = pr.id and o.state in (select jsonb_array_elements_text(${paidStates}))), 0)
      union all
      select 'shop_skus.stock', s.product_id, s.stock,
          ${initialStock} - coalesce((select sum(ol.number) from shop_order_lines ol join shop_orders o on o.id = ol.order_id
            where ol.product_id = s.product_id and o.state <> 'cancelled'), 0)
        from shop_skus s
        where s.product_id in (select (jsonb_array_elements_text(${products}))::bigint)
          and s.stock <> ${initialStock} - coalesce((select sum(ol.number) from shop_order_lines ol join shop_orders o on o.id = ol.order_id
            where ol.product_id = s.product_id and o.state <> 'cancelled'), 0)`,
  );
  return rows.map((row) => ({
    counter: row.counter,
    id: Number(row.id),
    stored: Number(row.stored),
    rows: Number(row.rows),
  }));
}

/**
 * Orders paid more than once: more than one paid attempt of a shop order, or more than
 * one notification that settled the same attempt.
 */
export async function paidTwice(db: Db): Promise<string[]> {
  const rows = await executeRows<{ what: string }>(
    db,
    sql`
      select 'order ' || order_ref::text || ': ' || count(*)::text || ' paid attempts' as what
        from payments where purpose = 'shop' and state = 'paid' group by order_ref having count(*) > 1
      union all
      select 'attempt ' || trade_no || ': settled ' || count(*)::text || ' times'
        from payment_notices where outcome = 'settled' group by trade_no having count(*) > 1`,
  );
  return rows.map((row) => row.what);
}
