import { describe, expect, it } from 'vitest';
import { commentAvatarUrl, postCoverUrl, resizedImageUrl, resolveMediaUrl } from './media.ts';

describe('image rules (SPEC.md §3)', () => {
  it('prefixes relative paths with the image base and leaves absolute ones alone', () => {
    expect(resolveMediaUrl('seed/a.jpg', '/files')).toBe('/files/seed/a.jpg');
    expect(resolveMediaUrl('https://cdn.example.com/a.jpg', '/files')).toBe('https://cdn.example.com/a.jpg');
    expect(resolveMediaUrl('', '/files')).toBe('');
  });

  it('adds the width-480 resize suffix to images', () => {
    expect(resizedImageUrl('seed/a.jpg', '/files')).toBe('/files/seed/a.jpg?imageView2/2/w/480');
  });

  it('uses the first frame of the video for a video post without an image', () => {
    const post = { isvio: 1, imgsrc: '', imgpack: [], viosrc: 'seed/v.mp4' };
    expect(postCoverUrl(post, '/files')).toBe('/files/seed/v.mp4?vframe/jpg/offset/0');
    expect(postCoverUrl({ ...post, imgsrc: 'seed/c.jpg' }, '/files')).toBe('/files/seed/c.jpg?imageView2/2/w/480');
  });

  it('cleans comment avatars', () => {
    expect(
      commentAvatarUrl('http:\\/\\/old.example.com\\/a.jpg', 'https://new.example.com', 'http://old.example.com'),
    ).toBe('https://new.example.com/a.jpg');
  });
});
