// The relations feature's public face: follows (the button, a profile's lists, people
// rows, suggestions) and blocks (the state and its toggle, 取消拉黑, the blacklist).

export type { FollowListTab } from './follow-list-sheet.tsx';
export { BlockedList } from './lazy-blocked-list.tsx';
export { FollowButton } from './lazy-follow-button.tsx';
export { FollowListSheet } from './lazy-follow-list-sheet.tsx';
export { UnblockButton } from './lazy-unblock-button.tsx';
export { RELATIONS_MESSAGES } from './messages.ts';
export { suggestPeople } from './suggestions.ts';
export { useBlock } from './use-block.ts';
export { UserRow } from './user-row.tsx';
