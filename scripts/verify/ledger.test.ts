import { describe, expect, it } from 'vitest';
import { Ledger, memoryIsFlat, sustainedRate, tallyWrites } from './ledger.ts';

describe('tallyWrites', () => {
  it('counts every acknowledged write found as present', () => {
    const ledger = new Ledger();
    ledger.acknowledge('comment', 7);
    ledger.acknowledge('comment', 8);
    ledger.acknowledge('like', '3:9');
    const tallies = tallyWrites(ledger, {
      comment: new Map([
        ['7', 1],
        ['8', 1],
        ['99', 1],
      ]),
      like: new Map([['3:9', 1]]),
    });
    expect(tallies.find((t) => t.kind === 'comment')).toMatchObject({ acknowledged: 2, present: 2, lostCount: 0 });
    expect(tallies.find((t) => t.kind === 'like')).toMatchObject({ acknowledged: 1, present: 1, lostCount: 0 });
    expect(tallies.map((t) => t.kind)).toEqual(['post', 'comment', 'like', 'chat', 'cart', 'order']);
  });

  it('names an acknowledged write that is missing as lost', () => {
    const ledger = new Ledger();
    ledger.acknowledge('chat', 1);
    ledger.acknowledge('chat', 2);
    const [chat] = tallyWrites(ledger, { chat: new Map([['1', 1]]) }).filter((t) => t.kind === 'chat');
    expect(chat).toMatchObject({ acknowledged: 2, present: 1, lostCount: 1, lost: ['2'] });
  });

  it('treats a kind the database was not read for as all lost', () => {
    const ledger = new Ledger();
    ledger.acknowledge('order', 'E2026');
    const [order] = tallyWrites(ledger, {}).filter((t) => t.kind === 'order');
    expect(order).toMatchObject({ present: 0, lostCount: 1, lost: ['E2026'] });
  });

  it('holds a cart line to the highest number acknowledged for it', () => {
    const ledger = new Ledger();
    ledger.acknowledge('cart', 5, 2);
    ledger.acknowledge('cart', 5, 3);
    ledger.acknowledge('cart', 6, 1);
    const [cart] = tallyWrites(ledger, {
      cart: new Map([
        ['5', 2],
        ['6', 4],
      ]),
    }).filter((t) => t.kind === 'cart');
    expect(cart).toMatchObject({ acknowledged: 2, present: 1, lostCount: 1, lost: ['5 (2 < 3)'] });
  });

  it('shows at most ten lost keys but counts them all', () => {
    const ledger = new Ledger();
    for (let id = 1; id <= 25; id++) ledger.acknowledge('post', id);
    const [post] = tallyWrites(ledger, {}).filter((t) => t.kind === 'post');
    expect(post?.lostCount).toBe(25);
    expect(post?.lost).toHaveLength(10);
  });
});

describe('memoryIsFlat', () => {
  it('passes growth up to the factor after the middle and fails beyond it', () => {
    expect(memoryIsFlat({ start: 100, middle: 300, end: 449 })).toBe(true);
    expect(memoryIsFlat({ start: 100, middle: 300, end: 451 })).toBe(false);
    expect(memoryIsFlat({ start: 100, middle: 300, end: 400 }, 1.2)).toBe(false);
  });

  it('fails when a sample is missing (the process was gone)', () => {
    expect(memoryIsFlat({ start: 100, middle: Number.NaN, end: 120 })).toBe(false);
    expect(memoryIsFlat({ start: 100, middle: 120, end: Number.NaN })).toBe(false);
  });
});

describe('sustainedRate', () => {
  it('is answers per second, 0 without time or answers', () => {
    expect(sustainedRate(2000, 20)).toBe(100);
    expect(sustainedRate(0, 20)).toBe(0);
    expect(sustainedRate(100, 0)).toBe(0);
  });
});
