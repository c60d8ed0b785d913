import type { FetchLike } from './client.ts';

/** Settings the browser needs; sent in the root loader's data. Nothing secret here. */
export type PublicConfig = {
  /** The API sign secret: public by design (ARCHITECTURE.md), keeps honest clients honest. */
  signSecret: string;
  /** Absolute site origin, for share links and meta tags. */
  publicUrl: string;
  /** Base the image rules of SPEC.md §3 prefix relative paths with (default '/files'). */
  imageBase: string;
  /** Id of the running web build; the client compares it with GET /build.json. */
  buildId: string;
  /** Umami-style analytics script and website id; null when not configured. */
  analytics: { scriptUrl: string; websiteId: string } | null;
  /** What this server can do that the browser offers only then (a feature works or is absent). */
  features: {
    /** A translator is configured (AI_TRANSLATE_*): posts and comments offer 翻译. */
    translate: boolean;
  };
  /** The video player's outside services (server config VIDEO_*). */
  video: {
    /** Origin of the YouTube embed (the IFrame API), e.g. https://www.youtube-nocookie.com. */
    youtubeOrigin: string;
    /** Origin of Bilibili's embed player, e.g. https://player.bilibili.com. */
    bilibiliOrigin: string;
    /** A VAST ad tag played before videos; null when none is configured (no ad code loads). */
    adTagUrl: string | null;
  };
};

/** What the server hands every React Router loader and action (getLoadContext). */
export type WebLoadContext = {
  /** Reaches the API in-process (Fastify inject): same signature as fetch, no socket. */
  apiFetch: FetchLike;
  publicConfig: PublicConfig;
  /** Per-request CSP nonce for inline scripts. */
  cspNonce: string;
};
