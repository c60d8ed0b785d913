import { describe, expect, it } from 'vitest';
import { choosePayChannel, nextPollDelay } from './pay-rules.ts';

describe('choosing how to pay', () => {
  it('sends a phone to the provider page and shows a desktop the QR code', () => {
    expect(choosePayChannel(true, ['qr', 'h5'])).toBe('h5');
    expect(choosePayChannel(false, ['qr', 'h5'])).toBe('qr');
  });

  it('falls back to the channel the method has, and to none when it has none', () => {
    expect(choosePayChannel(true, ['qr'])).toBe('qr');
    expect(choosePayChannel(false, ['h5'])).toBe('h5');
    expect(choosePayChannel(false, [])).toBeNull();
  });
});

describe('polling', () => {
  it('asks again after the interval while the answer is not final and the checkout is open', () => {
    expect(nextPollDelay(false, true, 2000)).toBe(2000);
  });

  it('stops on a final answer, or when the checkout closes', () => {
    expect(nextPollDelay(true, true, 2000)).toBeNull();
    expect(nextPollDelay(false, false, 2000)).toBeNull();
  });
});
