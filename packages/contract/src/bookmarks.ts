import { z } from 'zod';
import {
  BOOKMARK_FOLDER_MAX_LENGTH,
  BOOKMARK_HOT_SIZE,
  BOOKMARK_NOTE_MAX_LENGTH,
  BOOKMARK_TITLE_MAX_LENGTH,
  BOOKMARK_URL_MAX_LENGTH,
  normalizeBookmarkUrl,
} from './bookmark-rules.ts';
import { PAGE_SIZE } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { booleanField, IdSchema, optionalText, pageField, parseJsonText, sizeField } from './schemas.ts';
import { defineErrors, STATUS } from './status.ts';

// URL bookmarks (SPEC.md §7 "Bookmarks", §3 "Bookmark" and "URL history entry"; issue 20,
// docs/decisions/0024-bookmarks.md). A person keeps links with the page's title and icon,
// in folders, with a note; a recent-URL history; and everyone sees the hot links many
// people saved lately, never who saved them.

/**
 * A link as a person typed or pasted it: trimmed, absolute http(s), no user name or
 * password; it arrives normalised (normalizeBookmarkUrl: fragment and default port gone).
 */
export const BookmarkUrlSchema = z
  .string({ error: '请输入链接' })
  .trim()
  .min(1, { error: '请输入链接' })
  .max(BOOKMARK_URL_MAX_LENGTH, { error: `链接不能超过 ${BOOKMARK_URL_MAX_LENGTH} 个字符` })
  .transform((text, ctx) => {
    const normal = normalizeBookmarkUrl(text);
    if (normal === null) {
      ctx.addIssue({ code: 'custom', message: '请输入以 http:// 或 https:// 开头的有效链接' });
      return z.NEVER;
    }
    return normal;
  });

const TitleField = optionalText(BOOKMARK_TITLE_MAX_LENGTH, '标题');
const FolderField = optionalText(BOOKMARK_FOLDER_MAX_LENGTH, '文件夹名');
/**
 * A text field that may be left out, and then stays out (undefined: "not given"), where
 * leaving it out must not clear what is stored. NOTE: `optionalText(…).optional()` would
 * not do: zod 4 applies the inner `.default('')` to a missing field.
 */
function givenText(max: number, label: string) {
  return z
    .string({ error: `${label}须为文本` })
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字` })
    .optional();
}
/**
 * A favicon as meta answered it (the copy this server stored, as its URL or its key) or
 * '' for none; any other address is refused (BOOKMARK_FAVICON_INVALID), so a page never
 * loads a picture from a site the viewer did not choose to visit.
 */
const FaviconField = z
  .string({ error: '图标须为文本' })
  .trim()
  .max(BOOKMARK_URL_MAX_LENGTH, { error: '图标地址过长' })
  .default('');

/** A saved link (SPEC.md §3 Bookmark: id, url, title, favicon), with our note and folder. */
export const BookmarkSchema = z.object({
  id: z.number(),
  url: z.string(),
  title: z.string(),
  /** The icon's URL on this site ('' when the page had none). */
  favicon: z.string(),
  note: z.string(),
  /** '' = 未分类. */
  folder: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bookmark = z.infer<typeof BookmarkSchema>;

/** An entry of the recent-URL history (SPEC.md §3: hid). */
export const UrlHistoryEntrySchema = z.object({
  hid: z.number(),
  url: z.string(),
  title: z.string(),
  /** When it was last added; ISO 8601. */
  visitedAt: z.string(),
});
export type UrlHistoryEntry = z.infer<typeof UrlHistoryEntrySchema>;

/** A hot link: saved by many different people lately (how many, never who), or pinned by an admin. */
export const HotUrlSchema = z.object({
  url: z.string(),
  title: z.string(),
  favicon: z.string(),
  /** Different people who saved it in the last BOOKMARK_HOT_WINDOW_DAYS days. */
  savers: z.number(),
  pinned: z.boolean(),
});
export type HotUrl = z.infer<typeof HotUrlSchema>;

export const BlockedDomainSchema = z.object({
  domain: z.string(),
  reason: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type BlockedDomain = z.infer<typeof BlockedDomainSchema>;

const PREFIX = '/api/v1/user/bookmark';

/**
 * The title and icon of a page (SPEC.md §7 bookmark/meta), fetched by this server with
 * every guard of docs/decisions/0024: http(s) on allowed ports only, every address the
 * host resolves to (and every redirect's, at most 5) public, the connection made to the
 * checked address, 5 s in all, at most 1 MB of text/html, GBK/GB2312/Big5 decoded. The
 * icon is fetched the same way and stored here; `favicon` is that copy's URL ('' when
 * none). Answers are kept a day per URL. Never echoes what the page said beyond its title.
 */
export const bookmarkMeta = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/meta`,
  query: z.object({ url: BookmarkUrlSchema }),
  data: z.object({ url: z.string(), title: z.string(), favicon: z.string() }),
  auth: 'user',
  rateLimit: {
    by: 'user',
    windows: [
      { limit: 20, windowSeconds: 60 },
      { limit: 300, windowSeconds: 86_400 },
    ],
  },
  summary: '读取网页标题与图标',
});

/**
 * Saves a link (SPEC.md §7 bookmark/save). The same URL saved again by the same person
 * updates that bookmark (title, favicon, and note and folder when given) instead of adding
 * another; `created` says which happened. The URL's domain must not be blocked, and the
 * title, note and folder pass the prohibited words.
 */
export const bookmarkSave = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/save`,
  body: z.object({
    url: BookmarkUrlSchema,
    title: TitleField,
    favicon: FaviconField,
    note: givenText(BOOKMARK_NOTE_MAX_LENGTH, '备注'),
    folder: givenText(BOOKMARK_FOLDER_MAX_LENGTH, '文件夹名'),
  }),
  data: z.object({ bookmark: BookmarkSchema, created: z.boolean() }),
  auth: 'user',
  rateLimit: { by: 'user', windows: [{ limit: 60, windowSeconds: 60 }] },
  summary: '收藏链接',
});

/**
 * The viewer's bookmarks (SPEC.md §7 bookmark/list), newest first; `folder` keeps one
 * folder ('' = all), `word` finds a text in title, URL or note.
 */
export const bookmarkList = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/list`,
  query: z.object({
    page: pageField(),
    size: sizeField(PAGE_SIZE.bookmarks),
    folder: FolderField,
    word: optionalText(60, '关键词'),
  }),
  data: z.object({ items: z.array(BookmarkSchema), total: z.number(), hasMore: z.boolean() }),
  auth: 'user',
  summary: '我的收藏',
});

/** The viewer's folders with how many bookmarks each holds ('' = 未分类), by name. */
export const bookmarkFolders = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/folders`,
  data: z.array(z.object({ folder: z.string(), count: z.number() })),
  auth: 'user',
  summary: '收藏文件夹',
});

/** Deletes one of the viewer's bookmarks (BOOKMARK_NOT_FOUND for anyone else's); answers it, for undo. */
export const bookmarkDelete = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/delete`,
  body: z.object({ id: IdSchema }),
  data: z.object({ result: z.boolean(), bookmark: BookmarkSchema }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '删除收藏',
});

/**
 * Changes one of the viewer's bookmarks (SPEC.md §7 bookmark/update {id, fields}): only
 * title, note and folder; any other field (owner, URL, id) is refused, not ignored.
 * `fields` arrives as an object or as JSON text.
 */
export const bookmarkUpdate = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/update`,
  body: z.object({
    id: IdSchema,
    fields: z.preprocess(
      parseJsonText,
      z
        .strictObject(
          {
            title: givenText(BOOKMARK_TITLE_MAX_LENGTH, '标题'),
            note: givenText(BOOKMARK_NOTE_MAX_LENGTH, '备注'),
            folder: givenText(BOOKMARK_FOLDER_MAX_LENGTH, '文件夹名'),
          },
          { error: '只能修改标题、备注和文件夹' },
        )
        .refine((f) => f.title !== undefined || f.note !== undefined || f.folder !== undefined, {
          error: '请指定要修改的内容',
        }),
    ),
  }),
  data: BookmarkSchema,
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  rateLimit: { by: 'user', windows: [{ limit: 60, windowSeconds: 60 }] },
  summary: '修改收藏',
});

/** The viewer's recent URLs (SPEC.md §7 bookmark/url-history), newest first, at most BOOKMARK_HISTORY_LIMIT. */
export const bookmarkUrlHistory = defineEndpoint({
  method: 'GET',
  path: `${PREFIX}/url-history`,
  data: z.array(UrlHistoryEntrySchema),
  auth: 'user',
  summary: '最近访问的链接',
});

/**
 * Adds a URL to the viewer's history (SPEC.md §7 bookmark/add-url): one already there
 * moves to the top (and takes the new title when one is given); the oldest beyond
 * BOOKMARK_HISTORY_LIMIT go.
 */
export const bookmarkAddUrl = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/add-url`,
  body: z.object({ url: BookmarkUrlSchema, title: TitleField }),
  data: UrlHistoryEntrySchema,
  auth: 'user',
  rateLimit: { by: 'user', windows: [{ limit: 120, windowSeconds: 60 }] },
  summary: '记录访问的链接',
});

/** Deletes one entry of the viewer's history by its hid (BOOKMARK_HISTORY_NOT_FOUND for anyone else's). */
export const bookmarkDeleteUrl = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/delete-url-post/:id`,
  body: z.object({ id: IdSchema }),
  data: z.object({ result: z.boolean() }),
  auth: 'user',
  access: { rule: 'owner', others: 'NOT_FOUND' },
  summary: '删除一条访问记录',
});

/** Clears the viewer's history; answers how many entries went. */
export const bookmarkClearUrls = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/clear-url-post`,
  body: z.object({}),
  data: z.object({ result: z.boolean(), deleted: z.number() }),
  auth: 'user',
  summary: '清空访问记录',
});

/**
 * Hot links (SPEC.md §7 public/bookmark/hot-urls): pinned ones first, then links saved by
 * at least BOOKMARK_HOT_MIN_SAVERS different people in the last BOOKMARK_HOT_WINDOW_DAYS
 * days, most savers first. Blocked domains never appear; who saved a link never does.
 */
export const bookmarkHotUrls = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/bookmark/hot-urls',
  query: z.object({ size: sizeField(BOOKMARK_HOT_SIZE) }),
  data: z.array(HotUrlSchema),
  auth: 'none',
  summary: '热门链接',
});

const HotFlag = booleanField('置顶须为 1 或 0');

/** Pins a link to the hot list or unpins it (SPEC.md §7 bookmark/set-hot; admins only). */
export const bookmarkSetHot = defineEndpoint({
  method: 'POST',
  path: `${PREFIX}/set-hot`,
  body: z.object({ url: BookmarkUrlSchema, hot: HotFlag, title: TitleField }),
  data: z.object({ result: z.boolean() }),
  auth: 'admin',
  summary: '置顶或取消热门链接',
});

/**
 * A domain as an admin types it: a host name (`example.com`, `bad.example.cn`, an IDN in
 * Unicode or punycode), lower-cased to its ASCII form; a blocked domain blocks its
 * subdomains too.
 */
const DomainField = z
  .string({ error: '请输入域名' })
  .trim()
  .min(1, { error: '请输入域名' })
  .max(253, { error: '域名过长' })
  .transform((text, ctx) => {
    let host = '';
    try {
      host = new URL(`http://${text}`).hostname;
    } catch {
      host = '';
    }
    if (host === '' || host !== host.replace(/[^a-z0-9.\-[\]:]/g, '') || !/[a-z0-9]/.test(host)) {
      ctx.addIssue({ code: 'custom', message: '请输入有效的域名，如 example.com' });
      return z.NEVER;
    }
    if (/[/?#@]/.test(text)) {
      ctx.addIssue({ code: 'custom', message: '只填写域名，不要包含路径' });
      return z.NEVER;
    }
    return host.replace(/^\[|\]$/g, '');
  });

/** The domains no bookmark, history entry or meta fetch may name (admins only), newest first. */
export const bookmarkBlockedDomains = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/bookmark/blocked-domains',
  data: z.array(BlockedDomainSchema),
  auth: 'admin',
  summary: '禁止收藏的域名',
});

/** Blocks a domain (admins only); blocking it again changes the reason. Saved bookmarks on it stay their owners'. */
export const bookmarkBlockDomain = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/bookmark/block-domain',
  body: z.object({ domain: DomainField, reason: optionalText(100, '原因') }),
  data: BlockedDomainSchema,
  auth: 'admin',
  summary: '禁止收藏某域名',
});

export const bookmarkUnblockDomain = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/bookmark/unblock-domain',
  body: z.object({ domain: DomainField }),
  data: z.object({ result: z.boolean() }),
  auth: 'admin',
  summary: '解除禁止收藏',
});

/** The errors of this domain (merged into ERRORS, errors.ts). */
export const bookmarksErrors = defineErrors({
  BOOKMARK_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '收藏不存在或已删除' },
  BOOKMARK_HISTORY_NOT_FOUND: { status: STATUS.NOT_FOUND, message: '访问记录不存在或已删除' },
  BOOKMARK_LIMIT: { status: STATUS.CONFLICT, message: '收藏已达上限（{limit} 条），请先整理' },
  BOOKMARK_FAVICON_INVALID: { status: STATUS.VALIDATION_FAILED, message: '图标地址不正确，请重新读取网页信息' },
  /** An admin blocked the URL's domain. */
  BOOKMARK_DOMAIN_BLOCKED: { status: STATUS.FORBIDDEN, message: '该网站已被禁止收藏' },
  /** The host is, or resolves to, an address this server never fetches (private, loopback, …), or the port is not allowed. */
  BOOKMARK_ADDRESS_REFUSED: { status: STATUS.FORBIDDEN, message: '出于安全原因，无法读取该地址的网页' },
  /** No answer in time, the host does not resolve, the connection failed or the page answered an error. */
  BOOKMARK_PAGE_UNREACHABLE: { status: STATUS.NOT_FOUND, message: '无法打开该网页，请检查链接后重试' },
  BOOKMARK_TOO_MANY_REDIRECTS: { status: STATUS.VALIDATION_FAILED, message: '该网页跳转次数过多，无法读取' },
  BOOKMARK_PAGE_TOO_LARGE: { status: STATUS.PAYLOAD_TOO_LARGE, message: '网页内容过大，无法读取标题' },
  BOOKMARK_NOT_HTML: { status: STATUS.VALIDATION_FAILED, message: '该链接不是网页，请手动填写标题' },
});
