// A logged-in feed page is the shared page plus two marks per post: ismine (the viewer
// wrote it) and isfollow (the viewer follows its author). Serializing twenty posts per
// request was most of its cost, so the page is serialized once, unmarked, with the byte
// offsets of each post's two 0 digits; a viewer gets those bytes as they are (most
// pages: no post of theirs, nobody they follow), or a copy with a few digits set to 1.
// See feedAnswer (posts.service.ts).

/** A page's unmarked answer and where each post's marks are. */
export type SharedAnswer = {
  body: Buffer;
  /** Per post, in order: its author, and the offsets of the digit after "ismine": and "isfollow":. */
  marks: readonly { author: number; ismineAt: number; isfollowAt: number }[];
};

const ISMINE = Buffer.from('"ismine":');
const ISFOLLOW = Buffer.from('"isfollow":');
const ZERO = 0x30;
const ONE = 0x31;

/** Byte offsets of the value after each `key` in `body`, in order. */
function valueOffsets(body: Buffer, key: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = body.indexOf(key); at !== -1; at = body.indexOf(key, at + key.length)) offsets.push(at + key.length);
  return offsets;
}

/**
 * `body` (an answer of posts by `authors`, unmarked) with the places of its marks, or
 * null when they cannot be told for sure: exactly one ismine and one isfollow per post,
 * each a 0. (JSON escapes every quote inside a string, so user text never matches.)
 */
export function locateMarks(body: Buffer, authors: readonly number[]): SharedAnswer | null {
  const ismine = valueOffsets(body, ISMINE);
  const isfollow = valueOffsets(body, ISFOLLOW);
  if (ismine.length !== authors.length || isfollow.length !== authors.length) return null;
  const marks = authors.map((author, i) => ({ author, ismineAt: ismine[i] ?? -1, isfollowAt: isfollow[i] ?? -1 }));
  const unmarked = marks.every(({ ismineAt, isfollowAt }) => body[ismineAt] === ZERO && body[isfollowAt] === ZERO);
  return unmarked ? { body, marks } : null;
}

/** Marked copies kept per shared answer (each lives as long as its answer: FEED_CACHE_MS). */
const MARKED_COPIES_PER_ANSWER = 256;
/** The marked copies of each shared answer, by which marks are set: viewers with the same marks get the same bytes. */
const markedCopies = new WeakMap<SharedAnswer, Map<string, Buffer>>();

/**
 * The shared answer marked for `viewerId`: the same bytes when nothing is theirs or
 * followed, else a marked copy — the same copy for every viewer with the same marks, so
 * an answer sent again is compressed once (platform/compression.ts sendShared).
 */
export function markAnswer(shared: SharedAnswer, viewerId: number, followees: ReadonlySet<number>): Buffer {
  let key = '';
  shared.marks.forEach(({ author }, i) => {
    const mine = author === viewerId;
    const followed = followees.has(author);
    if (mine || followed) key += `${i}${mine ? 'm' : ''}${followed ? 'f' : ''},`;
  });
  if (key === '') return shared.body;
  let copies = markedCopies.get(shared);
  const kept = copies?.get(key);
  if (kept) return kept;
  const body = Buffer.from(shared.body);
  for (const { author, ismineAt, isfollowAt } of shared.marks) {
    if (author === viewerId) body[ismineAt] = ONE;
    if (followees.has(author)) body[isfollowAt] = ONE;
  }
  if (!copies) {
    copies = new Map();
    markedCopies.set(shared, copies);
  }
  if (copies.size < MARKED_COPIES_PER_ANSWER) copies.set(key, body);
  return body;
}
