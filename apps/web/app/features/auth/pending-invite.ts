/**
 * An invite code picked up on /invite/{code}, kept on this device until the visitor
 * signs up (the login sends it as `invite`; the server uses it only when the login
 * creates the account). It expires after 7 days.
 */
const KEY = 'evcircle.invite';
const LIFETIME_MS = 7 * 86_400_000;

export function savePendingInvite(code: string, now: number = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, savedAt: now }));
  } catch {
    // Private mode without storage: the invite simply is not remembered.
  }
}

export function readPendingInvite(now: number = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const { code, savedAt } = JSON.parse(raw) as { code?: unknown; savedAt?: unknown };
    if (typeof code !== 'string' || typeof savedAt !== 'number' || now - savedAt > LIFETIME_MS) {
      localStorage.removeItem(KEY);
      return null;
    }
    return code;
  } catch {
    return null;
  }
}

export function clearPendingInvite(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
