// The lock-chime feature's public face: the /lockchime page (its tools load in the browser
// only, after the page) and the entry video posts link to.
export { LOCKCHIME_ENTRY, lockchimeHref } from './entry.ts';
export { LockchimePage, type LockchimePageProps, type LockchimeTab } from './lockchime-page.tsx';
export { LOCKCHIME_MESSAGES } from './messages.ts';
