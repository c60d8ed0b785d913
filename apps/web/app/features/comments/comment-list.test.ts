import type { Comment, Reply } from '@evcircle/contract/client';
import { describe, expect, it } from 'vitest';
import {
  addLoadedReplies,
  addNewReply,
  findItem,
  hiddenReplyCount,
  prependComment,
  removeAuthor,
  removeItem,
  setLike,
  toggledLike,
} from './comment-list.ts';

function reply(cid: number, pcid: number, uid = 9): Reply {
  return {
    cid,
    pcid,
    uid,
    uname: `用户${uid}`,
    avatar: '',
    is_vip: 0,
    content: `回复 ${cid}`,
    atime: '2026-05-10T06:00:00Z',
    likenum: 0,
    islike: 0,
    ismine: 0,
    replyto: '',
    replyto_uid: 0,
  };
}

function comment(cid: number, replys: Reply[] = [], total = replys.length, uid = 1): Comment {
  return {
    cid,
    pid: 7,
    uid,
    uname: `用户${uid}`,
    avatar: '',
    is_vip: 0,
    content: `评论 ${cid}`,
    atime: '2026-05-10T06:00:00Z',
    likenum: 2,
    islike: 0,
    ismine: 0,
    reply: total,
    replys,
  };
}

describe('comment list updates', () => {
  it('puts a new comment first', () => {
    expect(prependComment([comment(8)], comment(9)).map((c) => c.cid)).toEqual([9, 8]);
  });

  it('merges loaded replies oldest first and counts what is still hidden', () => {
    const start = [comment(1, [reply(10, 1), reply(11, 1), reply(12, 1)], 5)];
    expect(hiddenReplyCount(start[0] as Comment)).toBe(2);
    const list = addLoadedReplies(start, 1, [reply(10, 1), reply(11, 1), reply(12, 1), reply(13, 1)], false);
    expect(list[0]?.replys.map((r) => r.cid)).toEqual([10, 11, 12, 13]);
    expect(hiddenReplyCount(list[0] as Comment)).toBe(1);
  });

  it('settles the reply count on the last page (replies deleted meanwhile)', () => {
    const list = addLoadedReplies([comment(1, [reply(10, 1)], 4)], 1, [reply(10, 1), reply(12, 1)], true);
    expect(list[0]?.reply).toBe(2);
    expect(hiddenReplyCount(list[0] as Comment)).toBe(0);
  });

  it('adds a new reply under its comment and counts it once', () => {
    const once = addNewReply([comment(1, [reply(10, 1)], 5), comment(2)], reply(20, 1));
    const twice = addNewReply(once, reply(20, 1));
    expect(twice[0]?.replys.map((r) => r.cid)).toEqual([10, 20]);
    expect(twice[0]?.reply).toBe(6);
    expect(twice[1]?.reply).toBe(0);
  });

  it('finds and likes a comment or a reply', () => {
    const list = [comment(1, [reply(10, 1)])];
    const liked = setLike(setLike(list, 10, { islike: 1, likenum: 1 }), 1, { islike: 1, likenum: 3 });
    expect(findItem(liked, 10)).toMatchObject({ islike: 1, likenum: 1 });
    expect(findItem(liked, 1)).toMatchObject({ islike: 1, likenum: 3 });
    expect(findItem(list, 10)).toMatchObject({ islike: 0, likenum: 0 });
    expect(findItem(list, 99)).toBeNull();
  });

  it('guesses the next like state and never goes below zero', () => {
    expect(toggledLike({ islike: 0, likenum: 4 })).toEqual({ islike: 1, likenum: 5 });
    expect(toggledLike({ islike: 1, likenum: 5 })).toEqual({ islike: 0, likenum: 4 });
    expect(toggledLike({ islike: 1, likenum: 0 })).toEqual({ islike: 0, likenum: 0 });
  });

  it('removes a comment with all its replies, loaded or not', () => {
    const { list, removed } = removeItem([comment(1, [reply(10, 1)], 4), comment(2)], 1);
    expect(list.map((c) => c.cid)).toEqual([2]);
    expect(removed).toBe(5);
  });

  it('removes a reply and lowers its comment count', () => {
    const { list, removed } = removeItem([comment(1, [reply(10, 1), reply(11, 1)], 4)], 10);
    expect(list[0]?.replys.map((r) => r.cid)).toEqual([11]);
    expect(list[0]?.reply).toBe(3);
    expect(removed).toBe(1);
    expect(removeItem(list, 99).removed).toBe(0);
  });

  it('removes everything a blocked user wrote', () => {
    const start = [comment(1, [reply(10, 1, 5), reply(11, 1, 6)], 3), comment(2, [reply(20, 2, 6)], 2, 5)];
    const list = removeAuthor(start, 5);
    expect(list.map((c) => c.cid)).toEqual([1]);
    expect(list[0]?.replys.map((r) => r.cid)).toEqual([11]);
    expect(list[0]?.reply).toBe(2);
  });
});
