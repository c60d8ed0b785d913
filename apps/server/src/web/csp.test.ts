import { describe, expect, it } from 'vitest';
import { htmlContentSecurityPolicy } from './csp.ts';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('htmlContentSecurityPolicy', () => {
  it('allows only this origin for files and connections with local storage', () => {
    const csp = htmlContentSecurityPolicy('n0nce', { analytics: null, imageBase: '/files' });
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob:");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' ws: wss:");
  });

  it('adds the bucket or CDN origin for files and the upload host for connections with STORAGE=s3', () => {
    const csp = htmlContentSecurityPolicy(
      'n0nce',
      { analytics: null, imageBase: 'https://cdn.example.cn/evcircle' },
      { uploadOrigin: 'https://s3.example.cn' },
    );
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://cdn.example.cn");
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob: https://cdn.example.cn");
    // hls.js fetches playlists and segments from where the files are.
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' ws: wss: https://s3.example.cn https://cdn.example.cn",
    );
  });

  it('frames the video-site embeds, and opens media to an ad network only when an ad tag is set', () => {
    const video = {
      youtubeOrigin: 'https://www.youtube-nocookie.com',
      bilibiliOrigin: 'https://player.bilibili.com',
      adTagUrl: null,
    };
    const csp = htmlContentSecurityPolicy('n0nce', { analytics: null, imageBase: '/files', video });
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' https://www.youtube-nocookie.com https://player.bilibili.com",
    );
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob:");
    const withAds = htmlContentSecurityPolicy('n0nce', {
      analytics: null,
      imageBase: '/files',
      video: { ...video, adTagUrl: 'http://ads.example:8080/vast?x=1' },
    });
    expect(directive(withAds, 'media-src')).toBe("media-src 'self' blob: http://ads.example:8080 https:");
    expect(directive(withAds, 'connect-src')).toBe("connect-src 'self' ws: wss: http://ads.example:8080 https:");
  });
});
