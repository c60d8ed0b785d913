import { describe, expect, it } from 'vitest';
import { locateMarks, markAnswer } from './feed-answers.ts';

/** An answer as the route serializes it: the envelope, posts with their marks unset. */
function answerOf(posts: { uid: number; content: string }[]): Buffer {
  const data = posts.map(({ uid, content }) => ({ pid: uid * 10, uid, content, ismine: 0, isfollow: 0, location: '' }));
  return Buffer.from(JSON.stringify({ status: 200, data, message: '' }), 'utf8');
}

describe('locateMarks', () => {
  it('finds each post’s two marks in order, by byte (Chinese text before them counts its bytes)', () => {
    const body = answerOf([
      { uid: 1, content: '特斯拉 Model Y 改装' },
      { uid: 2, content: 'ok' },
    ]);
    const shared = locateMarks(body, [1, 2]);
    expect(shared?.marks.map((m) => m.author)).toEqual([1, 2]);
    for (const mark of shared?.marks ?? []) {
      expect(body.subarray(mark.ismineAt - 9, mark.ismineAt).toString()).toBe('"ismine":');
      expect(body.subarray(mark.isfollowAt - 11, mark.isfollowAt).toString()).toBe('"isfollow":');
    }
  });

  it('is not fooled by the words in user text (JSON escapes their quotes)', () => {
    const body = answerOf([{ uid: 1, content: '"ismine":0,"isfollow":0 看看' }]);
    const shared = locateMarks(body, [1]);
    expect(shared).not.toBeNull();
    const marked = JSON.parse(markAnswer(shared as NonNullable<typeof shared>, 1, new Set([1])).toString());
    expect(marked.data[0]).toMatchObject({ content: '"ismine":0,"isfollow":0 看看', ismine: 1, isfollow: 1 });
  });

  it('gives up (null) when the marks do not match the posts one to one', () => {
    expect(locateMarks(answerOf([{ uid: 1, content: 'a' }]), [1, 2])).toBeNull();
    const marked = Buffer.from(JSON.stringify({ data: [{ uid: 1, ismine: 1, isfollow: 0 }] }));
    expect(locateMarks(marked, [1])).toBeNull();
  });
});

describe('markAnswer', () => {
  const body = answerOf([
    { uid: 1, content: 'a' },
    { uid: 2, content: 'b' },
    { uid: 3, content: 'c' },
  ]);
  const shared = locateMarks(body, [1, 2, 3]) as NonNullable<ReturnType<typeof locateMarks>>;

  it('answers the shared bytes themselves when nothing on the page is the viewer’s or followed', () => {
    expect(markAnswer(shared, 9, new Set([7]))).toBe(body);
  });

  it('answers a marked copy otherwise, leaving the shared bytes unmarked', () => {
    const marked = JSON.parse(markAnswer(shared, 2, new Set([3])).toString());
    expect(
      marked.data.map((p: { uid: number; ismine: number; isfollow: number }) => [p.uid, p.ismine, p.isfollow]),
    ).toEqual([
      [1, 0, 0],
      [2, 1, 0],
      [3, 0, 1],
    ]);
    expect(JSON.parse(body.toString()).data.every((p: { ismine: number }) => p.ismine === 0)).toBe(true);
  });

  it('gives viewers with the same marks the same copy (compressed once), and others their own', () => {
    const first = markAnswer(shared, 2, new Set([3]));
    // Viewer 2 again, following 3 (and someone not on the page): the same marks.
    expect(markAnswer(shared, 2, new Set([3, 9]))).toBe(first);
    const otherFollower = markAnswer(shared, 8, new Set([3]));
    expect(otherFollower).not.toBe(first);
    expect(markAnswer(shared, 5, new Set([3]))).toBe(otherFollower);
    expect(JSON.parse(otherFollower.toString()).data.map((p: { isfollow: number }) => p.isfollow)).toEqual([0, 0, 1]);
  });
});
