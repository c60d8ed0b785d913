// What the notify module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /** `userId` marked notifications read: after commit, their sockets get the new unread counts. */
    'notifications.read': { userId: number };
  }
}

export {};
