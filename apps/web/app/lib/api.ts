import { type ApiClient, createApiClient, type PublicConfig, type WebLoadContext } from '@evcircle/contract';
import { useMemo } from 'react';
import { getDeviceKey } from './device-key.ts';
import { useRootData } from './root-data.ts';

/**
 * The typed client for loaders: it reaches the API in-process through the load
 * context, with the visitor's cookie and address already forwarded by the server.
 */
export function serverApi(context: WebLoadContext): ApiClient {
  return createApiClient({ baseUrl: '', signSecret: context.publicConfig.signSecret, fetch: context.apiFetch });
}

let browserClient: { secret: string; client: ApiClient } | null = null;

/** The typed client in the browser: same origin, signed, with this device's key. */
export function browserApi(config: Pick<PublicConfig, 'signSecret'>): ApiClient {
  if (browserClient?.secret !== config.signSecret) {
    const client = createApiClient({ baseUrl: '', signSecret: config.signSecret, getDeviceKey });
    browserClient = { secret: config.signSecret, client };
  }
  return browserClient.client;
}

/** The browser client for components and hooks (call it only from effects and event handlers). */
export function useApi(): ApiClient {
  const signSecret = useRootData()?.publicConfig.signSecret ?? '';
  return useMemo(() => browserApi({ signSecret }), [signSecret]);
}
