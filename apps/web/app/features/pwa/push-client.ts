// This browser's push subscription: asking permission, subscribing with the server's VAPID
// key, telling the server, and undoing it.
import { type ApiClient, pushSubscribe, pushUnsubscribe, pushVapidKey } from '@evcircle/contract/client';

export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

/** Whether this browser can receive pushes here, and what the person answered so far. */
export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission;
}

/** The service worker's registration, when one controls (or will control) this page. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

/** This browser's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Asks permission (when not answered yet), subscribes this browser and tells the server.
 * Answers the permission state it ended in; throws when the browser fails to subscribe.
 */
export async function enablePush(api: ApiClient): Promise<PushSupport> {
  if (pushSupport() === 'unsupported') return 'unsupported';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return permission;
  const ready = await registration();
  if (!ready) return 'unsupported';
  const { public_key } = await api.call(pushVapidKey, {});
  const subscription =
    (await ready.pushManager.getSubscription()) ??
    (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }));
  const json = subscription.toJSON();
  await api.call(pushSubscribe, {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
  return 'granted';
}

/** Unsubscribes this browser (and tells the server when `api` is given: still logged in). */
export async function disablePush(api: ApiClient | null): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  if (api) await api.call(pushUnsubscribe, { endpoint }).catch(() => {});
}
