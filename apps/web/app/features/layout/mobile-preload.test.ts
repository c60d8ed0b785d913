import { describe, expect, it } from 'vitest';
import { carouselImageUrl, NEXT_SCREEN_ROUTES, nextScreenAssets } from './mobile-preload.ts';

describe('carouselImageUrl', () => {
  it('asks for the srcset width that covers the phone’s device pixels', () => {
    const cover = '/files/seed/a.jpg?imageView2/2/w/480/format/webp';
    expect(carouselImageUrl(cover, 390, 3)).toBe('/files/seed/a.jpg?imageView2/2/w/1440/format/webp');
    expect(carouselImageUrl(cover, 360, 2)).toBe('/files/seed/a.jpg?imageView2/2/w/720/format/webp');
    expect(carouselImageUrl(cover, 320, 1)).toBe('/files/seed/a.jpg?imageView2/2/w/480/format/webp');
    expect(carouselImageUrl(cover, 600, 3)).toBe('/files/seed/a.jpg?imageView2/2/w/1440/format/webp');
  });

  it('leaves covers that are not resized pictures of ours', () => {
    expect(carouselImageUrl('/files/v/a.mp4?vframe/jpg/offset/0', 390, 3)).toBeNull();
    expect(carouselImageUrl('https://cdn.example/a.jpg', 390, 3)).toBeNull();
    expect(carouselImageUrl('', 390, 3)).toBeNull();
  });
});

describe('nextScreenAssets', () => {
  it('collects the post routes’ stylesheets and code from the manifest, each once', () => {
    const manifest = {
      routes: {
        'routes/post': {
          module: '/assets/post.js',
          imports: ['/assets/a.js', '/assets/b.js'],
          css: ['/assets/post.css'],
        },
        'routes/m-post': { module: '/assets/m-post.js', imports: ['/assets/a.js'] },
        'routes/home': { module: '/assets/home.js', imports: ['/assets/h.js'], css: ['/assets/home.css'] },
      },
    };
    expect(nextScreenAssets(manifest, NEXT_SCREEN_ROUTES)).toEqual({
      styles: ['/assets/post.css'],
      modules: ['/assets/post.js', '/assets/a.js', '/assets/b.js', '/assets/m-post.js'],
    });
    expect(nextScreenAssets({ routes: {} }, NEXT_SCREEN_ROUTES)).toEqual({ styles: [], modules: [] });
  });
});
