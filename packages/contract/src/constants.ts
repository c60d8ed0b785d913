/** Business constants of SPEC.md §9. */

export const CLIENT_VERSION = '1.1.0';
export const PLATFORM = 'web';
export const SRCHN = '118';
export const DEFAULT_SPCHN = '0';

export const MOBILE_BREAKPOINT_PX = 768;
export const SCAN_POLL_INTERVAL_MS = 1000;
export const SCAN_POLL_MAX_FAILURES = 5;
export const SCAN_CODE_LIFETIME_S = 300;
export const SMS_RESEND_COUNTDOWN_S = 59;
export const SMS_CODE_LENGTH = 4;
export const LOCAL_CHALLENGE_LENGTH = 3;
export const PHONE_MAX_LENGTH = 11;
export const TOAST_DURATION_MS = 3000;

export const PAGE_SIZE = {
  posts: 20,
  search: 20,
  bookmarks: 20,
  nearby: 20,
  chats: 20,
  recommend: 10,
  vipHistory: 10,
  drafts: 9,
} as const;
/** Largest page any list call answers; bigger sizes are capped. */
export const MAX_PAGE_SIZE = 100;

export const NEARBY_RADIUS_KM = { radar: 5, activeUsers: 5, geoPosts: 10, teams: 10 } as const;
export const RADAR_LIMIT = 60;

export const VIDEO_GENERATION = { freeLimit: 3, prices: { 5: 5 } as Record<number, number>, durationS: 5 };
export const IMAGE_GENERATION = { freeLimit: 20, price: 2 };
export const AI_TOTAL_LIMIT = 20;

/** Products a page in the shop's lists. */
export const SHOP_PAGE_SIZE = 20;
/** Orders of the shop's lists: default (curated), newest, price up/down, best sellers. */
export const PRODUCT_SORTS = ['default', 'newest', 'price_asc', 'price_desc', 'sales'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** Most units of one SKU a cart line holds, and most lines a cart holds. */
export const CART_MAX_PER_LINE = 99;
export const CART_MAX_LINES = 100;
export const CART_QR_RETRIES = 2;
export const CART_QR_RETRY_DELAY_MS = 1000;
export const DEFAULT_AREA_CODE = '86';
export const ANIMATION_MS = 250;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const PAGE_VIEW_DELAY_MS = 100;
/** SPEC.md leaves the new-build check interval open; we check every 5 minutes. */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;
export const CLASS_MERGE_CACHE_SIZE = 500;
export const DEFAULT_PRIMARY_COLOR = 'green';
export const DEFAULT_GRAY_COLOR = 'cool';
export const PALETTE_SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;

/** HTTP statuses on which a read is retried once (SPEC.md §7). */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

/** Post themes: each has a feed at /{theme} and /api/v1/{theme}/posts. */
export const POST_THEMES = ['mod', 'beauty', 'travel', 'tesla', 'exp'] as const;
export type PostTheme = (typeof POST_THEMES)[number];

/**
 * The page of SPEC.md §2 that shows each theme's feed, and the theme's name as the
 * navigation, the composer and the sitemap show it. Tesla's feed is the car-brand page
 * /tesla-tools (there is no /tesla route); the others are named after their theme.
 */
export const THEME_PAGE: Record<PostTheme, { path: string; name: string }> = {
  mod: { path: '/mod', name: '改装' },
  beauty: { path: '/beauty', name: '颜值' },
  travel: { path: '/travel', name: '旅行' },
  tesla: { path: '/tesla-tools', name: '特斯拉' },
  exp: { path: '/exp', name: '经验' },
};

/**
 * Qiniu-style suffix of the image route's resize: fit to `width` (never enlarged), as WebP
 * (a third smaller than JPEG at the same look; every browser the site supports shows it).
 */
export const imageResizeSuffix = (width: number): string => `?imageView2/2/w/${width}/format/webp`;
/** The suffixes the image rules of SPEC.md §3 append: the resize is width 480 as SPEC.md says. */
export const IMAGE_RESIZE_SUFFIX = /* @__PURE__ */ imageResizeSuffix(480);
/** Widths a full-size post image is offered at (srcset), each resized to WebP by the image route. */
export const IMAGE_SRCSET_WIDTHS = [480, 720, 1080, 1440] as const;
export const VIDEO_FRAME_SUFFIX = '?vframe/jpg/offset/0';

/** Accounts: where SPEC.md is silent, these are the rules we chose (issue: accounts). */
export const SMS_CODE_LIFETIME_S = 300;
/** A code dies after this many wrong tries. */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** Per-number SMS limits, checked on the server before the provider is called. */
export const SMS_LIMITS = {
  perNumber: [
    { limit: 1, windowSeconds: 60 },
    { limit: 5, windowSeconds: 3600 },
    { limit: 10, windowSeconds: 86_400 },
  ],
  /** Per client address. */
  perIp: [
    { limit: 10, windowSeconds: 3600 },
    { limit: 30, windowSeconds: 86_400 },
  ],
  /** Per number prefix (all but the last 4 digits): stops walking through a number block. */
  perPrefix: [
    { limit: 20, windowSeconds: 3600 },
    { limit: 60, windowSeconds: 86_400 },
  ],
} as const;
/**
 * Login attempts (mobile + code) per client address, right or wrong: a code dies after
 * SMS_CODE_MAX_ATTEMPTS wrong tries, and this bounds guessing spread over many numbers.
 */
export const LOGIN_ATTEMPTS_PER_IP = { limit: 20, windowSeconds: 600 } as const;
/** Sessions live this long without use; each use extends them. */
export const SESSION_LIFETIME_DAYS = 30;
/** The web session cookie (httpOnly, SameSite=Lax). */
export const SESSION_COOKIE = 'evc_session';

export const NICKNAME_MAX_LENGTH = 20;
export const NICKNAME_MIN_LENGTH = 2;
export const BIO_MAX_LENGTH = 200;
export const CAR_MODEL_MAX_LENGTH = 30;

/** Points (integral) granted; every grant is one ledger entry. */
export const POINTS = {
  dailyCheckin: 5,
  signup: 20,
  /** To the inviter, when someone signs up with their code. */
  inviter: 50,
  /** To the new user who signed up with an invite code, on top of `signup`. */
  invitee: 30,
} as const;

/** Community content (issue: community content). Where SPEC.md is silent, these are our rules. */
export const POST_CONTENT_MAX_LENGTH = 2000;
export const POST_MAX_IMAGES = 9;
export const POST_LOCATION_MAX_LENGTH = 60;
export const COMMENT_MAX_LENGTH = 500;
/** Replies shown under each comment in comment/pager; the rest load with comment/reply-pager. */
export const COMMENT_PREVIEW_REPLIES = 3;
export const DRAFT_MAX_COUNT = 50;
/** Uploads: images are checked by their bytes, re-encoded (EXIF and GPS dropped). */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_MEGAPIXELS = 40;
export const VIDEO_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
/** Largest caption file accepted (.srt or .vtt). */
export const CAPTION_UPLOAD_MAX_BYTES = 256 * 1024;
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'webm'] as const;
/** Upload tokens live this long and allow one key. */
export const UPLOAD_TOKEN_LIFETIME_S = 3600;
/**
 * Uploads one person may start an hour, by kind; an upload through this server and a
 * direct-upload token count alike. Images: ten full posts (POST_MAX_IMAGES each) an hour.
 */
export const UPLOADS_PER_HOUR = { image: 90, video: 10, caption: 30 } as const;

/** Why a post, comment or user is reported: a fixed list (code → zh-CN label). */
export const REPORT_REASONS = {
  spam: '垃圾广告',
  abuse: '辱骂攻击',
  porn: '色情低俗',
  illegal: '违法违规',
  fraud: '诈骗信息',
  false_info: '虚假不实',
  infringement: '侵权抄袭',
  other: '其他',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_TARGETS = ['post', 'comment', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_DETAIL_MAX_LENGTH = 200;

/** QR scan login status: 0 waiting, 1 scanned, 2 confirmed, -1 expired (or declined). */
export const SCAN_STATUS = { WAITING: 0, SCANNED: 1, CONFIRMED: 2, EXPIRED: -1 } as const;

/** Longest search word read, in UTF-16 code units as every text limit (the engine reads no more either). */
export const SEARCH_WORD_MAX_LENGTH = 100;
/** Search words a person's history keeps; recording one more forgets the oldest. */
export const SEARCH_HISTORY_LIMIT = 20;
/** Hot words listed (SPEC.md §7 search/info/hot). */
export const HOT_WORDS_LIMIT = 10;
/** Longest word that can become a hot word (longer ones are sentences, not topics). */
export const HOT_WORD_MAX_LENGTH = 20;
