import { ApiError } from '@evcircle/contract/client';
import { describe, expect, it, vi } from 'vitest';
import { failedOnTheNetwork, newClientMsgId, withOneDirectRetry } from './client-msg-id.ts';

describe('client message ids', () => {
  it('makes ids the server accepts, never the same twice', () => {
    const a = newClientMsgId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(newClientMsgId()).not.toBe(a);
  });
});

describe('withOneDirectRetry (SPEC.md §7 comment save and reply)', () => {
  it('makes the call once more after a network failure, and only once', async () => {
    const send = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce('stored');
    await expect(withOneDirectRetry(send)).resolves.toBe('stored');
    expect(send).toHaveBeenCalledTimes(2);

    const down = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(withOneDirectRetry(down)).rejects.toBeInstanceOf(TypeError);
    expect(down).toHaveBeenCalledTimes(2);
  });

  it('retries a gateway answer (502/503/504) but never the server’s own refusal', async () => {
    const gateway = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('HTTP error! Status: 502', 502, 502))
      .mockResolvedValue(1);
    await expect(withOneDirectRetry(gateway)).resolves.toBe(1);
    expect(gateway).toHaveBeenCalledTimes(2);

    for (const refusal of [
      new ApiError('评论不能为空', 4000, 200),
      new ApiError('HTTP error! Status: 500', 500, 500),
    ]) {
      const send = vi.fn().mockRejectedValue(refusal);
      await expect(withOneDirectRetry(send)).rejects.toBe(refusal);
      expect(send).toHaveBeenCalledTimes(1);
    }
    expect(failedOnTheNetwork(new Error('other'))).toBe(false);
  });
});
