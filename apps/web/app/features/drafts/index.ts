// The drafts feature's public face: the drafts list (草稿箱) the composer opens, and the
// clock its autosave line shows.
export { DraftsSheet } from './drafts-sheet.tsx';
export { formatClock } from './format-saved-time.ts';
