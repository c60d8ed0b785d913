import type { ApiClientOptions } from '@evcircle/contract/api-client';
import type { ApiClient, PublicConfig, WebLoadContext } from '@evcircle/contract/client';
import { useMemo } from 'react';
import { getDeviceKey } from './device-key.ts';
import { useRootData } from './root-data.ts';

/**
 * A client whose code (the request building and the MD5 sign) is not part of the first
 * load: a page shows what the server rendered without it. In the browser it is fetched
 * when the page is first idle; a call made before that waits for it.
 */
function deferredClient(options: ApiClientOptions): ApiClient {
  let client: Promise<ApiClient> | null = null;
  const ready = () => {
    if (!client) {
      const loading = import('@evcircle/contract/api-client').then(({ createApiClient }) => createApiClient(options));
      // A failed chunk load (offline) is retried by the next call.
      loading.catch(() => {
        if (client === loading) client = null;
      });
      client = loading;
    }
    return client;
  };
  if (typeof window !== 'undefined') {
    // Fetched once the page is idle, so the first click or scroll does not wait for it.
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    whenIdle(() => void ready().catch(() => {}));
  }
  return {
    call: ((endpoint, input) => ready().then((c) => c.call(endpoint, input))) as ApiClient['call'],
    request: (method, path, input) => ready().then((c) => c.request(method, path, input)),
  };
}

/**
 * The typed client for loaders: it reaches the API in-process through the load
 * context, with the visitor's cookie and address already forwarded by the server.
 */
export function serverApi(context: WebLoadContext): ApiClient {
  return deferredClient({ baseUrl: '', signSecret: context.publicConfig.signSecret, fetch: context.apiFetch });
}

let browserClient: { secret: string; client: ApiClient } | null = null;

const loggedOutListeners = new Set<() => void>();

/**
 * Runs `listener` whenever a browser call answers 2011 (the session ended elsewhere:
 * logout on another device, expiry). Answers the unsubscribe function.
 */
export function onBrowserLoggedOut(listener: () => void): () => void {
  loggedOutListeners.add(listener);
  return () => loggedOutListeners.delete(listener);
}

/**
 * The typed client in the browser: same origin, signed, with this device's key. The
 * session rides in the httpOnly cookie (ARCHITECTURE.md): no token is ever stored in
 * script-readable storage, so none is sent by hand.
 */
export function browserApi(config: Pick<PublicConfig, 'signSecret'>): ApiClient {
  if (browserClient?.secret !== config.signSecret) {
    const client = deferredClient({
      baseUrl: '',
      signSecret: config.signSecret,
      getDeviceKey,
      onLoggedOut: () => {
        for (const listener of loggedOutListeners) listener();
      },
    });
    browserClient = { secret: config.signSecret, client };
  }
  return browserClient.client;
}

/**
 * The sign secret of the browser client made last (by useApi on this page), for code
 * outside React's tree such as the media upload; null before any was made.
 */
export function browserSignSecret(): string | null {
  return browserClient?.secret || null;
}

/** The browser client for components and hooks (call it only from effects and event handlers). */
export function useApi(): ApiClient {
  const signSecret = useRootData()?.publicConfig.signSecret ?? '';
  return useMemo(() => browserApi({ signSecret }), [signSecret]);
}
