/** The player's constants of SPEC.md §9 "Player", one name each. */

/** Arrow keys and a double tap on a side of the picture jump this far, in seconds. */
export const SEEK_STEP_SECONDS = 10;
/** Arrow up/down change the volume by this much (0–1). */
export const VOLUME_STEP = 0.1;
/** The speed menu, 0.5 to 4. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
/** The quality ladder the SPEC knows, tallest first; the menu shows those a video has. */
export const QUALITY_HEIGHTS = [4320, 2160, 1440, 1080, 720, 576, 480, 360, 240] as const;
/** The quality chosen first: the rendition nearest to it. */
export const DEFAULT_QUALITY_HEIGHT = 576;
/** The progress slider: 0 to 100 (per cent of the duration) in steps of 0.01. */
export const PROGRESS_MIN = 0;
export const PROGRESS_MAX = 100;
export const PROGRESS_STEP = 0.01;
/** An ad that has not started by then (or failed) gives way to the video, in ms. */
export const AD_SAFETY_TIMEOUT_MS = 12_000;
/** Controls hide after this long without a pointer move or key, in seconds. */
export const CONTROLS_HIDE_SECONDS = 2;
export const CONTROLS_HIDE_TOUCH_SECONDS = 3;
/** "Loading" shows only once a stall (stalled / waiting) has lasted this long, in ms. */
export const STALL_DELAY_MS = 250;
/** Two taps closer together than this are a double tap, in ms. */
export const DOUBLE_TAP_MS = 300;
