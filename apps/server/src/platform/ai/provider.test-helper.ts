import { expect } from 'vitest';
import { AiProviderError } from './types.ts';

// What the provider adapters' tests share: the call context they pass and the failure
// they expect.

/** A call context that records the progress reported. */
export function callContext(signal: AbortSignal = new AbortController().signal) {
  const progress: number[] = [];
  return { progress, signal, onProgress: (percent: number) => progress.push(percent) };
}

/** The AiProviderError a provider call rejects with; fails the test when it resolves or rejects otherwise. */
export async function providerFailure(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
}
