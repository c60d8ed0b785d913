// What the relations module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /** `followerId` started following `followeeId` (in its transaction); unfollowing announces nothing. */
    'follow.created': { followerId: number; followeeId: number };
    /** `followerId` stopped following `followeeId`. */
    'follow.removed': { followerId: number; followeeId: number };
    /** `blockerId` blocked or unblocked `blockedId` (a block also removes the follows between them). */
    'block.changed': { blockerId: number; blockedId: number };
  }
}

export {};
