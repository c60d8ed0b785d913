// What the uploads module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /**
     * The HLS ladder of `userId`'s video upload `key` is stored and ready (in the
     * transaction that records it): `hlsKey` is its master playlist, `posterKey` its
     * poster frame, which replaces `previousCover` as the video's cover.
     */
    'upload.transcoded': { userId: number; key: string; hlsKey: string; posterKey: string; previousCover: string };
  }
}

export {};
