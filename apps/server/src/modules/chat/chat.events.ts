// What the chat module announces (see platform/events.ts): facts of team chats that its
// own after-commit subscribers turn into socket room changes and pushes, so a room is
// only ever joined, left or told once the write that caused it has committed.

declare module '../../platform/events.ts' {
  interface AppEvents {
    /** `userId` became a member of team `teamId`'s chat: their sockets join its room. */
    'chat.team.joined': { teamId: number; userId: number };
    /** `userId` left team `teamId`'s chat: their sockets leave its room. */
    'chat.team.left': { teamId: number; userId: number };
    /** Team `teamId`'s chat was deleted (disbanded, or its creator's account deleted): its room empties. */
    'chat.team.closed': { teamId: number };
    /** A private message was stored (in its transaction): after commit the push module tells the receiver. */
    'chat.message.sent': { messageId: number; conversationId: number; senderId: number; receiverId: number };
    /** Team invitations whose state changed (settled or closed): both people get them again. */
    'chat.invitations.changed': { messageIds: number[] };
  }
}

export {};
