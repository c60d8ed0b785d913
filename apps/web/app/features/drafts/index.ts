// The drafts feature's public face: the drafts list (草稿箱) the composer opens, and the
// clock its autosave line shows.

export { formatClock } from './format-saved-time.ts';
export { DraftsSheet } from './lazy-drafts-sheet.tsx';
