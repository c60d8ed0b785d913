// Lock-chime numbers both sides use (zod-free, so the browser's /lockchime page takes them
// without the schemas). See chimes.ts and docs/decisions/0023-media.md.

/** The sample rate of every chime and of extracted audio (SPEC.md §9 "Audio extraction output"). */
export const CHIME_SAMPLE_RATE = 44_100;
/** Channels of a chime the maker writes and of extracted audio (SPEC.md §9). */
export const CHIME_CHANNELS = 2;
/** Tesla reads `LockChime.wav` only under 1 MB: a chime file is at most this many bytes. */
export const CHIME_MAX_BYTES = 999_999;
/** Bytes of the canonical 44-byte RIFF/WAVE header the chime maker writes. */
export const WAV_HEADER_BYTES = 44;
/** A chime's title: 1–30 characters. */
export const CHIME_TITLE_MAX_LENGTH = 30;
/** Shared chimes a page by default. */
export const CHIME_PAGE_SIZE = 20;
