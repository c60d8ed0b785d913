// What the bookmarks module announces (see platform/events.ts).

declare module '../../platform/events.ts' {
  interface AppEvents {
    /**
     * An admin changed what the public hot list may show (a pin, the domain blocklist):
     * every process forgets its cached hot-urls answers at once.
     */
    'bookmark.hot-changed': Record<string, never>;
  }
}

export {};
