// What the comments module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /**
     * A comment (`parentId` null) or a reply was written on `postId` (in its transaction).
     * A reply to a reply answers `replyToUserId` (null when it answers its comment).
     */
    'comment.created': {
      commentId: number;
      postId: number;
      userId: number;
      parentId: number | null;
      replyToUserId: number | null;
    };
    /** `userId` liked comment or reply `commentId` of `authorId` on `postId` (in its transaction); unliking announces nothing. */
    'comment.liked': { commentId: number; postId: number; userId: number; authorId: number };
    /** A comment was deleted with its replies: `removed` comments left `postId` (in its transaction). */
    'comment.deleted': { commentId: number; postId: number; removed: number };
  }
}

export {};
