// The browser's own install offer (Chrome/Edge/Android: `beforeinstallprompt`), kept for the
// page's life so the /download button and the install bar can use it whenever they show.
import { useSyncExternalStore } from 'react';

/** Chrome's install prompt event (not in the DOM typings). */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let captured: InstallPromptEvent | null = null;
let isListening = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Starts keeping the install offer (idempotent): the event comes once per page load. */
export function captureInstallPrompt(): void {
  if (isListening || typeof window === 'undefined') return;
  isListening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    captured = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    captured = null;
    notify();
  });
}

/** Shows the browser's install dialog; answers whether the person installed. */
export async function promptInstall(): Promise<boolean> {
  const event = captured;
  if (!event) return false;
  captured = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

function subscribe(listener: () => void) {
  captureInstallPrompt();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser offers installation right now. */
export function useCanPromptInstall(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => captured !== null,
    () => false,
  );
}

/** iPhone/iPad Safari: no install event; the person adds the page from the share sheet. */
export function isIosSafari(userAgent: string): boolean {
  return (
    /iPhone|iPad|iPod/.test(userAgent) &&
    /Safari/.test(userAgent) &&
    !/CriOS|FxiOS|EdgiOS|MicroMessenger/.test(userAgent)
  );
}

/** Opened from the home screen already (nothing to offer). */
export function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
