// One write of each kind, as a member's client makes it, recorded in the ledger only
// when the server acknowledged it (an answer with status 0). A refused write (a rate
// limit, the stranger rule, a full cart line) or one cut off by a crash is simply not
// acknowledged: the checks only hold the server to what it said it stored.
import { randomInt, randomUUID } from 'node:crypto';
import {
  type ApiClient,
  addressSave,
  cartAdd,
  chatSend,
  commentSave,
  likeAct,
  orderCreate,
  orderPay,
  POST_THEMES,
  postRelease,
} from '@evcircle/contract';
import { createSandboxProvider } from '../../apps/server/src/platform/payments/sandbox.ts';
import type { Ledger, WriteKind } from './ledger.ts';

/** The sandbox's default key (config.ts PAY_SANDBOX_SECRET): the servers run with it. */
const SANDBOX = createSandboxProvider({
  secret: 'evcircle-sandbox-development-key',
  publicUrl: 'http://127.0.0.1',
  renewOutcome: 'succeed',
});

/** A payment notification as the provider sends it (kept to replay after a restart). */
export type SentNotification = { orderNo: string; headers: Record<string, string>; rawBody: string };

export type Member = {
  uid: number;
  api: ApiClient;
  /** Who this member chats with (each pair writes to each other, so the stranger rule lifts). */
  partner: number;
  /** Their delivery address, once saved. */
  addressId?: number;
  /** An image they uploaded: posts need one. */
  imageKey: string;
};

export type WriteTarget = {
  ledger: Ledger;
  /** Where payment notifications go (a server's base URL, now). */
  baseUrl(): string;
  /** Posts comments and likes go to; posts written are added. */
  postIds: number[];
  /** Products only ever added to carts (their lines only grow). */
  cartProductIds: readonly number[];
  /** The product orders are made of. */
  orderProductId: number;
  /** Every payment notification sent, acknowledged or not. */
  notifications: SentNotification[];
  /** Like pairs (`post:user`) already sent: a like toggles, so each pair is sent once. */
  likesSent: Set<string>;
};

export function newWriteTarget(
  ledger: Ledger,
  baseUrl: () => string,
  fixture: { postIds: number[]; productIds: number[] },
): WriteTarget {
  const [orderProductId, ...cartProductIds] = fixture.productIds;
  if (orderProductId === undefined || cartProductIds.length === 0) throw new Error('the fixture needs two products');
  return {
    ledger,
    baseUrl,
    postIds: [...fixture.postIds],
    cartProductIds,
    orderProductId,
    notifications: [],
    likesSent: new Set(),
  };
}

function pick<T>(items: readonly T[]): T {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

/** A client message id: a retry of the same send stores one row. */
function clientId(): string {
  return randomUUID().replaceAll('-', '');
}

/** Saves `member`'s default address (orders need one). */
export async function saveAddress(member: Member): Promise<void> {
  const saved = await member.api.call(addressSave, {
    name: '校验员',
    mobile: '13800138000',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    detail: '科技园南区 8 栋 101',
    is_default: true,
  } as never);
  member.addressId = saved.id;
}

/** Posts a payment notification; true when the server answered that it took it. */
export async function sendNotification(baseUrl: string, notification: SentNotification): Promise<boolean> {
  const res = await fetch(`${baseUrl}/pay/notify/sandbox`, {
    method: 'POST',
    headers: notification.headers,
    body: notification.rawBody,
  });
  await res.arrayBuffer();
  return res.status === 200;
}

/** Makes one write of `kind` as `member`; resolves once it is answered, rejects on any refusal. */
export async function writeOnce(kind: WriteKind, member: Member, target: WriteTarget): Promise<void> {
  const { ledger } = target;
  switch (kind) {
    case 'post': {
      const { pid } = await member.api.call(postRelease, {
        type: pick(POST_THEMES),
        content: `校验帖 ${clientId()}`,
        imgpack: JSON.stringify([{ src: member.imageKey, width: 1080, height: 1440 }]),
      } as never);
      ledger.acknowledge('post', pid);
      target.postIds.push(pid);
      return;
    }
    case 'comment': {
      const pid = pick(target.postIds);
      const comment = await member.api.call(commentSave, {
        pid,
        content: `校验评论 ${randomInt(1e9)}`,
        client_msg_id: clientId(),
      });
      ledger.acknowledge('comment', comment.cid);
      return;
    }
    case 'like': {
      let pair = '';
      let pid = 0;
      for (let tries = 0; tries < 20 && !pair; tries++) {
        pid = pick(target.postIds);
        const key = `${pid}:${member.uid}`;
        if (!target.likesSent.has(key)) pair = key;
      }
      if (!pair) throw new Error('no post left to like');
      target.likesSent.add(pair);
      const answer = await member.api.call(likeAct, { pid });
      // A pair the seed had liked already toggles off: only a like made counts.
      if (answer.islike === 1) ledger.acknowledge('like', pair);
      return;
    }
    case 'chat': {
      const message = await member.api.call(chatSend, {
        receiver_id: member.partner,
        content: `校验私信 ${randomInt(1e9)}`,
        client_msg_id: clientId(),
      } as never);
      ledger.acknowledge('chat', message.id);
      return;
    }
    case 'cart': {
      const line = await member.api.call(cartAdd, { pid: pick(target.cartProductIds), number: 1 } as never);
      ledger.acknowledge('cart', line.cid, line.number);
      return;
    }
    case 'order': {
      if (member.addressId === undefined) await saveAddress(member);
      const line = await member.api.call(cartAdd, { pid: target.orderProductId, number: 1 } as never);
      const order = await member.api.call(orderCreate, {
        cids: [line.cid],
        address_id: member.addressId,
        use_points: 0,
      } as never);
      const pay = await member.api.call(orderPay, { order_id: order.order_id, pay_type: 'sandbox', pay_channel: 'h5' });
      const tradeNo = decodeURIComponent(new URL(pay.pay_url).pathname.split('/').pop() ?? '');
      const request = SANDBOX.notification(tradeNo, 'paid', Math.round(pay.amount * 100));
      const notification = {
        orderNo: order.order_id,
        headers: request.headers as Record<string, string>,
        rawBody: request.rawBody,
      };
      target.notifications.push(notification);
      if (await sendNotification(target.baseUrl(), notification)) ledger.acknowledge('order', order.order_id);
      return;
    }
  }
}
