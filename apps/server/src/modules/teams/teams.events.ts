// What the teams module announces (see platform/events.ts). The notify module makes the
// 'team' notifications from them after commit; payloads carry whom to tell, since nobody
// else reads the teams tables.

declare module '../../platform/events.ts' {
  interface AppEvents {
    /**
     * `creatorId` started team `teamId`. `recipientIds` are the people to tell of it (with
     * push_notify: those with a fresh position within its notify radius, the nearest
     * TEAM_NOTIFY_MAX_RECIPIENTS, not the creator; empty without push_notify). Blocks and
     * the hourly cap are the notify module's to apply.
     */
    'team.created': { teamId: number; creatorId: number; title: string; description: string; recipientIds: number[] };
    /** `userId` joined team `teamId`; `memberIds` are the other members (to tell). */
    'team.joined': { teamId: number; userId: number; title: string; memberIds: number[] };
    /**
     * The creator cancelled or disbanded team `teamId`; `memberIds` are the other members
     * (to tell). Disbanded teams' links lead nowhere any more.
     */
    'team.ended': {
      teamId: number;
      creatorId: number;
      title: string;
      change: 'cancelled' | 'disbanded';
      memberIds: number[];
    };
  }
}

export {};
