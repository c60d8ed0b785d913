// The install bar is offered from the third day someone visits, once: dismissed (or
// installed) it never shows again in this browser. Kept in localStorage.

const VISIT_DAYS_KEY = 'evcircle.pwa.visitDays';
const DISMISSED_KEY = 'evcircle.pwa.installDismissed';
/** The install bar shows from this many distinct visit days on. */
export const INSTALL_BAR_VISIT_DAYS = 3;

/** Records today's visit; answers how many distinct days this browser has visited (up to the bar's number). */
export function recordVisitDay(today: string): number {
  try {
    const days = JSON.parse(localStorage.getItem(VISIT_DAYS_KEY) ?? '[]') as unknown;
    const list = Array.isArray(days) ? days.filter((day): day is string => typeof day === 'string') : [];
    if (!list.includes(today)) list.push(today);
    const kept = list.slice(-INSTALL_BAR_VISIT_DAYS);
    localStorage.setItem(VISIT_DAYS_KEY, JSON.stringify(kept));
    return kept.length;
  } catch {
    return 0;
  }
}

export function isInstallDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return true;
  }
}

export function dismissInstall(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Without storage the bar comes back next visit; nothing else to do.
  }
}
