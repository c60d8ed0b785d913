import { describe, expect, it } from 'vitest';
import { commentAvatarUrl, imageSrcSet, postCoverUrl, resizedImageUrl, resolveMediaUrl } from './media.ts';

describe('image rules (SPEC.md §3)', () => {
  it('prefixes relative paths with the image base and leaves absolute ones alone', () => {
    expect(resolveMediaUrl('seed/a.jpg', '/files')).toBe('/files/seed/a.jpg');
    expect(resolveMediaUrl('https://cdn.example.com/a.jpg', '/files')).toBe('https://cdn.example.com/a.jpg');
    expect(resolveMediaUrl('', '/files')).toBe('');
  });

  it('adds the width-480 resize suffix to images', () => {
    expect(resizedImageUrl('seed/a.jpg', '/files')).toBe('/files/seed/a.jpg?imageView2/2/w/480/format/webp');
  });

  it('offers a full-size image at several widths as WebP (srcset), only where the image route can resize it', () => {
    expect(imageSrcSet('seed/a.jpg', '/files')).toBe(
      [480, 720, 1080, 1440].map((w) => `/files/seed/a.jpg?imageView2/2/w/${w}/format/webp ${w}w`).join(', '),
    );
    expect(imageSrcSet('/files/a.jpg?imageView2/2/w/200', '/files')).toBe('');
    expect(imageSrcSet('blob:http://x/1', '/files')).toBe('');
  });

  it('uses the first frame of the video for a video post without an image', () => {
    const post = { isvio: 1, imgsrc: '', imgpack: [], viosrc: 'seed/v.mp4' };
    expect(postCoverUrl(post, '/files')).toBe('/files/seed/v.mp4?vframe/jpg/offset/0');
    expect(postCoverUrl({ ...post, imgsrc: 'seed/c.jpg' }, '/files')).toBe(
      '/files/seed/c.jpg?imageView2/2/w/480/format/webp',
    );
  });

  it('cleans comment avatars', () => {
    expect(
      commentAvatarUrl('http:\\/\\/old.example.com\\/a.jpg', 'https://new.example.com', 'http://old.example.com'),
    ).toBe('https://new.example.com/a.jpg');
  });
});
