// What the auth module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /** Sessions of `userId` ended (logout, logout everywhere, account deletion): no process may still honour them. */
    'session.revoked': { userId: number };
  }
}

export {};
