// What the relations module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /** `followerId` started following `followeeId` (in its transaction); unfollowing announces nothing. */
    'follow.created': { followerId: number; followeeId: number };
  }
}

export {};
