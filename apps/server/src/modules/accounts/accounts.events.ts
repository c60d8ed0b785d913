// What the accounts module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /** A first login made an account (in its transaction); `invitedBy` is the inviter's id when a live code was used. */
    'account.created': { userId: number; invitedBy: number | null };
    /** What others show of an account changed: nickname, avatar, bio or car model (cards, cached feed rows, search). */
    'account.changed': { userId: number };
    /**
     * An account was deleted (in its transaction): its personal data is already wiped;
     * each module removes what it keeps of the person, in the same transaction.
     */
    'account.deleted': { userId: number };
  }
}

export {};
