const DEVICE_KEY_STORAGE = 'evcircle.deviceKey';

function randomKey(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let cached: string | null = null;

/**
 * The device's unique key (`ukey`, SPEC.md §3): generated once and kept in localStorage.
 * Private browsing without storage still gets a stable key for the page's lifetime.
 */
export function getDeviceKey(): string {
  if (cached) return cached;
  try {
    cached = localStorage.getItem(DEVICE_KEY_STORAGE);
    if (!cached) {
      cached = randomKey();
      localStorage.setItem(DEVICE_KEY_STORAGE, cached);
    }
  } catch {
    cached = cached ?? randomKey();
  }
  return cached;
}
