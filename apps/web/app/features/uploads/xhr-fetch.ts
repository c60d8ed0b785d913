import type { FetchLike } from '@evcircle/contract/client';

export type XhrFetchOptions = {
  /** How much of the request body was sent, 0–1. */
  onProgress?: (fraction: number) => void;
  /** Aborting rejects with an AbortError DOMException. */
  signal?: AbortSignal;
  /**
   * Send cookies. True for our own origin; false for a storage host on another origin,
   * which would otherwise have to allow credentials in its CORS answer.
   */
  withCredentials?: boolean;
};

/** Statuses whose Response may not carry a body (the constructor throws otherwise). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * fetch() cannot report upload progress; XMLHttpRequest can. This adapter gives callers
 * (the contract client, the direct upload to the storage host) XHR underneath, so an
 * upload keeps fetch's Response handling and still reports how much was sent.
 */
export function xhrFetch(options: XhrFetchOptions = {}): FetchLike {
  const { onProgress, withCredentials = true } = options;
  return (input, init) =>
    new Promise((resolve, reject) => {
      const signal = init.signal ?? options.signal;
      if (signal?.aborted) {
        reject(new DOMException('Aborted', 'AbortError'));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', input);
      xhr.withCredentials = withCredentials;
      for (const [name, value] of Object.entries((init.headers as Record<string, string> | undefined) ?? {})) {
        xhr.setRequestHeader(name, value);
      }
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        done();
        onProgress?.(1);
        const body = NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText;
        resolve(
          new Response(body, {
            status: xhr.status,
            headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
          }),
        );
      };
      xhr.onerror = () => {
        done();
        reject(new TypeError('Network request failed'));
      };
      xhr.onabort = () => {
        done();
        reject(new DOMException('Aborted', 'AbortError'));
      };
      xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
    });
}
