import { type ApiClient, createApiClient, type FetchLike } from '@evcircle/contract/client';
import { getDeviceKey } from '~/lib/device-key.ts';

/**
 * fetch() cannot report upload progress; XMLHttpRequest can. This adapter gives the
 * contract client XHR underneath, so an upload keeps the client's signing and envelope
 * handling and still reports how much of the body was sent (0–1).
 */
function xhrFetch(onProgress: (fraction: number) => void): FetchLike {
  return (input, init) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', input);
      xhr.withCredentials = true;
      for (const [name, value] of Object.entries((init.headers as Record<string, string> | undefined) ?? {})) {
        xhr.setRequestHeader(name, value);
      }
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        onProgress(1);
        resolve(
          new Response(xhr.responseText, {
            status: xhr.status,
            headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
    });
}

/** A one-off contract client whose calls report upload progress. */
export function uploadClient(signSecret: string, onProgress: (fraction: number) => void): ApiClient {
  return createApiClient({ baseUrl: '', signSecret, getDeviceKey, fetch: xhrFetch(onProgress) });
}
