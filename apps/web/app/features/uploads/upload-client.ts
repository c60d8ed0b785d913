import { type ApiClient, createApiClient } from '@evcircle/contract/client';
import { getDeviceKey } from '~/lib/device-key.ts';
import { xhrFetch } from './xhr-fetch.ts';

/**
 * A one-off contract client whose calls report upload progress (0–1): the client's
 * signing and envelope handling, with XMLHttpRequest underneath.
 */
export function uploadClient(
  signSecret: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): ApiClient {
  return createApiClient({ baseUrl: '', signSecret, getDeviceKey, fetch: xhrFetch({ onProgress, signal }) });
}
