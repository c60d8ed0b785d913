import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { publicConfigFrom } from './web.plugin.ts';

const BASE = { NODE_ENV: 'test', DATABASE_URL: 'memory://' };

describe("the player's outside services in the public config", () => {
  it('defaults to YouTube (no-cookie) and Bilibili, with no ad tag', () => {
    const { video } = publicConfigFrom(loadConfig(BASE), 'build');
    expect(video).toEqual({
      youtubeOrigin: 'https://www.youtube-nocookie.com',
      bilibiliOrigin: 'https://player.bilibili.com',
      adTagUrl: null,
    });
  });

  it('takes configured origins (as origins) and an ad tag', () => {
    const { video } = publicConfigFrom(
      loadConfig({
        ...BASE,
        VIDEO_EMBED_YOUTUBE_ORIGIN: 'http://127.0.0.1:9000/some/path',
        VIDEO_EMBED_BILIBILI_ORIGIN: 'https://bili.example.cn',
        VIDEO_AD_TAG_URL: 'https://ads.example.cn/vast?slot=pre&cb=[CACHEBUSTING]',
      }),
      'build',
    );
    expect(video).toEqual({
      youtubeOrigin: 'http://127.0.0.1:9000',
      bilibiliOrigin: 'https://bili.example.cn',
      adTagUrl: 'https://ads.example.cn/vast?slot=pre&cb=[CACHEBUSTING]',
    });
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => loadConfig({ ...BASE, VIDEO_EMBED_YOUTUBE_ORIGIN: 'javascript:alert(1)' })).toThrow();
    expect(() => loadConfig({ ...BASE, VIDEO_AD_TAG_URL: 'ftp://ads.example.cn/vast' })).toThrow();
  });
});
