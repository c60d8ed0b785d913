// What the posts module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /** A post was published (in its transaction); `draftId` is the draft it was published from. */
    'post.created': { postId: number; userId: number; draftId: number | null };
    /** `userId` liked post `postId` of `authorId` (in its transaction); taking a like back announces nothing. */
    'post.liked': { postId: number; userId: number; authorId: number };
    /** What a feed shows of a post changed: published, deleted, its counters or rank. */
    'post.changed': { postId: number };
  }
}

export {};
