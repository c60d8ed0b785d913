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
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' ws: wss: https://s3.example.cn");
  });
});
