import { ApiError, STATUS } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import { fenToYuan, yuanToFen } from '~/lib/money.ts';
import {
  cidsFromSearch,
  freeFreightGap,
  isAwaitingPayment,
  orderActions,
  pointsValue,
  refusalText,
  stateFromSearch,
  summaryRows,
} from './order-rules.ts';

describe('amounts', () => {
  it('reads and writes yuan text as whole fen', () => {
    expect(yuanToFen('199.00')).toBe(19_900);
    expect(yuanToFen('0.5')).toBe(50);
    expect(yuanToFen('12')).toBe(1_200);
    expect(yuanToFen('abc')).toBe(0);
    expect(fenToYuan(19_905)).toBe('199.05');
    expect(fenToYuan(7)).toBe('0.07');
  });

  it('values points at one fen each', () => {
    expect(pointsValue(1_250)).toBe('12.50');
    expect(pointsValue(0)).toBe('0.00');
  });

  it('tells how much more makes delivery free, from 99 yuan of goods', () => {
    expect(freeFreightGap('59.00')).toBe('40.00');
    expect(freeFreightGap('98.99')).toBe('0.01');
    expect(freeFreightGap('99.00')).toBeNull();
  });
});

describe('the totals', () => {
  it('shows goods and freight, and points only when they paid part', () => {
    expect(
      summaryRows({ goods_total: '59.00', freight: '10.00', points_deduction: '0.00', payable: '69.00' }, '免运费'),
    ).toEqual([
      { key: 'goods', value: '¥59.00' },
      { key: 'freight', value: '¥10.00', isFree: false },
    ]);
    expect(
      summaryRows({ goods_total: '199.00', freight: '0.00', points_deduction: '5.00', payable: '194.00' }, '免运费'),
    ).toEqual([
      { key: 'goods', value: '¥199.00' },
      { key: 'freight', value: '免运费', isFree: true },
      { key: 'points', value: '-¥5.00' },
    ]);
  });
});

describe('checkout’s address', () => {
  it('reads ?cids= as distinct ids, refusing anything malformed', () => {
    expect(cidsFromSearch('?cids=3,1,3')).toEqual([3, 1]);
    expect(cidsFromSearch('?cids=7')).toEqual([7]);
    expect(cidsFromSearch('?cids=')).toBeNull();
    expect(cidsFromSearch('?cids=1,,2')).toBeNull();
    expect(cidsFromSearch('?cids=1;drop')).toBeNull();
    expect(cidsFromSearch('')).toBeNull();
  });

  it('reads ?state= as a known tab, else 全部', () => {
    const states = ['unpaid', 'shipped'] as const;
    expect(stateFromSearch('?state=shipped', states)).toBe('shipped');
    expect(stateFromSearch('?state=bogus', states)).toBe('');
  });
});

describe('what a buyer may do', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const later = '2026-01-01T00:10:00Z';
  const earlier = '2025-12-31T23:50:00Z';

  it('pays or cancels an unpaid order inside its window, and waits for its payment', () => {
    expect(orderActions({ state: 'unpaid', expires_at: later }, now)).toEqual({
      canPay: true,
      canCancel: true,
      canConfirm: false,
    });
    expect(isAwaitingPayment({ state: 'unpaid', expires_at: later }, now)).toBe(true);
  });

  it('does nothing with an unpaid order past its window, nor waits for it', () => {
    expect(orderActions({ state: 'unpaid', expires_at: earlier }, now)).toEqual({
      canPay: false,
      canCancel: false,
      canConfirm: false,
    });
    expect(isAwaitingPayment({ state: 'unpaid', expires_at: earlier }, now)).toBe(false);
  });

  it('confirms receipt of a shipped order only', () => {
    expect(orderActions({ state: 'shipped', expires_at: earlier }, now).canConfirm).toBe(true);
    for (const state of ['unshipped', 'completed', 'cancelled', 'refunded'] as const) {
      expect(orderActions({ state, expires_at: later }, now), state).toEqual({
        canPay: false,
        canCancel: false,
        canConfirm: false,
      });
      expect(isAwaitingPayment({ state, expires_at: later }, now), state).toBe(false);
    }
  });
});

describe('what a form tells of a refusal', () => {
  it('shows a validation failure’s rules without the prefix and the field names', () => {
    const one = new ApiError('参数错误：tracking_no 快递单号须为 6–40 位字母或数字', STATUS.VALIDATION_FAILED, 200);
    expect(refusalText(one, '失败')).toBe('快递单号须为 6–40 位字母或数字');
    const two = new ApiError(
      '参数错误：name 收货人姓名须为 2–20 个字；mobile 手机号须为 1 开头的 11 位数字',
      STATUS.VALIDATION_FAILED,
      200,
    );
    expect(refusalText(two, '失败')).toBe('收货人姓名须为 2–20 个字；手机号须为 1 开头的 11 位数字');
  });

  it('keeps any other answer’s message, and says `fallback` for what is not an answer', () => {
    expect(refusalText(new ApiError('所选省市区不存在，请重新选择', STATUS.VALIDATION_FAILED, 200), '失败')).toBe(
      '所选省市区不存在，请重新选择',
    );
    expect(refusalText(new ApiError('订单已发货，无法取消', STATUS.CONFLICT, 200), '失败')).toBe(
      '订单已发货，无法取消',
    );
    expect(refusalText(new TypeError('offline'), '失败')).toBe('失败');
  });
});
