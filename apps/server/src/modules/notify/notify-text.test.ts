import { describe, expect, it } from 'vitest';
import { mentionCandidates } from './mentions.ts';
import { actorPhrase, EXCERPT_MAX_LENGTH, excerptOf, interactionText } from './notify-text.ts';

describe('interactionText', () => {
  it('names one, two, or the latest of three and more', () => {
    expect(interactionText('like', 'post', ['张三'], 1)).toBe('张三赞了你的帖子');
    expect(interactionText('like', 'comment', ['张三', '李四'], 2)).toBe('张三、李四赞了你的评论');
    expect(interactionText('like', 'post', ['张三', '李四', '王五'], 5)).toBe('张三等 5 人赞了你的帖子');
    expect(interactionText('follow', 'post', ['张三', '李四', '王五'], 3)).toBe('张三等 3 人关注了你');
    expect(interactionText('follow', 'post', ['张三'], 1)).toBe('张三关注了你');
  });

  it('says what each action did', () => {
    expect(interactionText('comment', 'comment', ['张三'], 1)).toBe('张三评论了你的帖子');
    expect(interactionText('reply', 'comment', ['张三'], 1)).toBe('张三回复了你的评论');
    expect(interactionText('mention', 'comment', ['张三'], 1)).toBe('张三在评论中提到了你');
    expect(interactionText('mention', 'post', ['张三'], 1)).toBe('张三在帖子中提到了你');
  });

  it('counts people it cannot name (blocked or deleted since)', () => {
    expect(actorPhrase(['张三'], 2)).toBe('张三等 2 人');
    expect(actorPhrase([], 1)).toBe('有人');
  });
});

describe('excerptOf', () => {
  it('keeps one line and cuts long text with an ellipsis', () => {
    expect(excerptOf('  周末\n去川西  ')).toBe('周末 去川西');
    const long = '长'.repeat(EXCERPT_MAX_LENGTH + 5);
    expect(excerptOf(long)).toBe(`${'长'.repeat(EXCERPT_MAX_LENGTH)}…`);
    expect(excerptOf('一二三四', 2)).toBe('一二…');
  });
});

describe('mentionCandidates', () => {
  it('offers each @ as the nicknames it could be, longest first, down to two characters', () => {
    expect(mentionCandidates('你好@张三丰 ok')).toEqual([['张三丰', '张三']]);
    expect(mentionCandidates('@张三丰你好')).toEqual([['张三丰你好', '张三丰你', '张三丰', '张三']]);
    expect(mentionCandidates('@a@bb @')).toEqual([['bb']]);
  });

  it('reads at most ten mentions and nicknames of at most twenty characters', () => {
    const many = Array.from({ length: 12 }, (_, i) => `@用户${i}号`).join(' ');
    expect(mentionCandidates(many)).toHaveLength(10);
    const [first] = mentionCandidates(`@${'长'.repeat(30)}`);
    expect(first?.[0]).toHaveLength(20);
  });
});
