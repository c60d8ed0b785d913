// The relations feature's public face: follows (the button, a profile's lists, people
// rows, suggestions) and blocks (the state and its toggle, 取消拉黑, the blacklist).
export { BlockedList } from './blocked-list.tsx';
export { FollowButton } from './follow-button.tsx';
export { FollowListSheet, type FollowListTab } from './follow-list-sheet.tsx';
export { RELATIONS_MESSAGES } from './messages.ts';
export { suggestPeople } from './suggestions.ts';
export { UnblockButton } from './unblock-button.tsx';
export { useBlock } from './use-block.ts';
export { UserRow } from './user-row.tsx';
