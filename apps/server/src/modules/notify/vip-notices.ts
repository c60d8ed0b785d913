import type { Db } from '../../platform/db.ts';
import type { AppEvents } from '../../platform/events.ts';
import { recordNotice } from './notify.service.ts';

// System notices about a member's VIP membership, from the vip module's events.

/** 2026年12月26日 on the Asia/Shanghai calendar. */
function shanghaiDate(iso: string): string {
  const local = new Date(new Date(iso).getTime() + 8 * 60 * 60 * 1000);
  return `${local.getUTCFullYear()}年${local.getUTCMonth() + 1}月${local.getUTCDate()}日`;
}

export async function notifyVipGranted(event: AppEvents['vip.granted'], db: Db): Promise<void> {
  const until = event.until === null ? '终身有效' : `有效期至 ${shanghaiDate(event.until)}`;
  await recordNotice(db, {
    recipientId: event.userId,
    type: 'notice',
    title: event.renewal ? 'VIP 会员已自动续费' : 'VIP 会员已开通',
    content: `您的${event.planName}已${event.renewal ? '续费成功' : '开通'}，${until}。订单号 ${event.orderNo}。`,
    link: '/vip',
  });
}

export async function notifyVipRenewal(event: AppEvents['vip.renewal'], db: Db): Promise<void> {
  const ends = shanghaiDate(event.expiresAt);
  await recordNotice(db, {
    recipientId: event.userId,
    type: 'notice',
    title: event.outcome === 'failed' ? 'VIP 自动续费失败' : 'VIP 会员即将到期',
    content:
      event.outcome === 'failed'
        ? `您的 VIP 会员将于 ${ends} 到期，自动续费扣款（¥${event.amount}）未成功，自动续费已关闭。可在会员页手动续费。`
        : `您的 VIP 会员将于 ${ends} 到期，续费订单（¥${event.amount}）已生成，点击前往支付。`,
    link: `/vip?order=${encodeURIComponent(event.orderNo)}`,
  });
}
