// What the comments module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /** A comment (`parentId` null) or a reply was written on `postId` (in its transaction). */
    'comment.created': { commentId: number; postId: number; userId: number; parentId: number | null };
    /** A comment was deleted with its replies: `removed` comments left `postId` (in its transaction). */
    'comment.deleted': { commentId: number; postId: number; removed: number };
  }
}

export {};
