// Web Push delivery (issue 21): one provider, the web-push adapter, since every browser's
// push service speaks the same protocol; tests run it against a local fake of that protocol
// (fake-push-service.test-helper.ts).
import { createWebPushProvider } from './web-push.ts';

export type { PushOutcome, PushProvider, PushSendOptions, PushTarget, VapidDetails } from './types.ts';
export { createWebPushProvider, generateVapidKeys, PUSH_TIMEOUT_MS, type WebPushOptions } from './web-push.ts';

/** The push sender of a running server. */
export const createPushProvider = () => createWebPushProvider();
