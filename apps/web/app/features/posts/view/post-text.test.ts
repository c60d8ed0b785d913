import { describe, expect, it } from 'vitest';
import { postDescription, postTitle, splitHeading } from './post-text.ts';

describe('postTitle', () => {
  it('is the first non-empty line, trimmed', () => {
    expect(postTitle('\n  周末去了趟千岛湖  \n第二行')).toBe('周末去了趟千岛湖');
  });

  it('clips long lines to 30 characters with an ellipsis', () => {
    const title = postTitle('长'.repeat(50));
    expect(Array.from(title)).toHaveLength(30);
    expect(title.endsWith('…')).toBe(true);
  });

  it('has a fallback for a post without text', () => {
    expect(postTitle('  \n ')).toBe('车友圈的分享');
  });
});

describe('postDescription', () => {
  it('flattens whitespace and clips to 120 characters', () => {
    expect(postDescription('第一行\n\n第二行  第三行', '小明')).toBe('第一行 第二行 第三行');
    expect(Array.from(postDescription('字'.repeat(300), '小明'))).toHaveLength(120);
  });

  it('names the author when there is no text', () => {
    expect(postDescription('', '小明')).toBe('小明 在车友圈分享了一篇帖子');
  });
});

describe('splitHeading', () => {
  it('takes a short first line as the heading when more text follows', () => {
    expect(splitHeading('标题\n正文第一段\n正文第二段')).toEqual({ heading: '标题', body: '正文第一段\n正文第二段' });
  });

  it('keeps everything as body for one line or a long first line', () => {
    expect(splitHeading('只有一行')).toEqual({ heading: null, body: '只有一行' });
    const long = `${'长'.repeat(41)}\n后面`;
    expect(splitHeading(long)).toEqual({ heading: null, body: long });
  });
});
