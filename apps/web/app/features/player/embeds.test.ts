import { describe, expect, it } from 'vitest';
import { bilibiliEmbedUrl, findVideoEmbed, parseVideoEmbed, youtubeEmbedUrl } from './embeds.ts';
import { PLAYER_MESSAGES } from './messages.ts';
import { parseYoutubeMessage, youtubeErrorMessage } from './youtube.ts';

describe('parseVideoEmbed', () => {
  it('reads YouTube watch, youtu.be and shorts links', () => {
    expect(parseVideoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toMatchObject({
      site: 'youtube',
      id: 'dQw4w9WgXcQ',
    });
    expect(parseVideoEmbed('https://m.youtube.com/watch?v=dQw4w9WgXcQ')?.id).toBe('dQw4w9WgXcQ');
    expect(parseVideoEmbed('https://youtu.be/dQw4w9WgXcQ?si=abc')?.id).toBe('dQw4w9WgXcQ');
    expect(parseVideoEmbed('https://youtube.com/shorts/abcdefghijk')?.id).toBe('abcdefghijk');
  });
  it('reads Bilibili BV links', () => {
    expect(parseVideoEmbed('https://www.bilibili.com/video/BV1xx411c7mD/?p=1')).toMatchObject({
      site: 'bilibili',
      id: 'BV1xx411c7mD',
    });
  });
  it('refuses other sites, bad ids and other schemes', () => {
    expect(parseVideoEmbed('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(parseVideoEmbed('https://www.youtube.com/channel/UC123')).toBeNull();
    expect(parseVideoEmbed('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parseVideoEmbed('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parseVideoEmbed('javascript:alert(1)')).toBeNull();
    expect(parseVideoEmbed('https://www.bilibili.com/video/av170001')).toBeNull();
    expect(parseVideoEmbed('not a url')).toBeNull();
  });
});

describe('findVideoEmbed', () => {
  it('finds the first video link in a text, up to Chinese punctuation', () => {
    expect(findVideoEmbed('看这个：https://youtu.be/dQw4w9WgXcQ，太棒了')?.id).toBe('dQw4w9WgXcQ');
    expect(findVideoEmbed('博客 https://example.com/a 和 https://www.bilibili.com/video/BV1xx411c7mD。')?.site).toBe(
      'bilibili',
    );
    expect(findVideoEmbed('没有链接')).toBeNull();
  });
});

describe('embed URLs', () => {
  it('builds the YouTube embed at a configured origin with the JS API on', () => {
    const url = new URL(youtubeEmbedUrl('http://127.0.0.1:9999', 'dQw4w9WgXcQ', 'https://evcircle.example'));
    expect(url.origin).toBe('http://127.0.0.1:9999');
    expect(url.pathname).toBe('/embed/dQw4w9WgXcQ');
    expect(url.searchParams.get('enablejsapi')).toBe('1');
    expect(url.searchParams.get('origin')).toBe('https://evcircle.example');
  });
  it('builds the Bilibili embed', () => {
    const url = new URL(bilibiliEmbedUrl('https://player.bilibili.com', 'BV1xx411c7mD'));
    expect(url.pathname).toBe('/player.html');
    expect(url.searchParams.get('bvid')).toBe('BV1xx411c7mD');
  });
});

describe('YouTube messages', () => {
  it('maps the documented error codes to fixed messages', () => {
    expect(youtubeErrorMessage(2)).toBe(PLAYER_MESSAGES.youtubeError2);
    expect(youtubeErrorMessage(5)).toBe(PLAYER_MESSAGES.youtubeError5);
    expect(youtubeErrorMessage(100)).toBe(PLAYER_MESSAGES.youtubeError100);
    expect(youtubeErrorMessage(101)).toBe(PLAYER_MESSAGES.youtubeError101);
    expect(youtubeErrorMessage(150)).toBe(PLAYER_MESSAGES.youtubeError150);
    expect(youtubeErrorMessage(999)).toBe(PLAYER_MESSAGES.embedFailed);
  });
  it('parses the postMessage protocol', () => {
    expect(parseYoutubeMessage('{"event":"onError","info":150}')).toEqual({ event: 'onError', info: 150 });
    expect(parseYoutubeMessage({ event: 'onReady' })).toEqual({ event: 'onReady', info: undefined });
    expect(parseYoutubeMessage('nonsense')).toBeNull();
    expect(parseYoutubeMessage(42)).toBeNull();
  });
});
