import sharp from 'sharp';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';

/** A phone photo: JPEG with EXIF carrying a camera make and a GPS position. */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3b82f6' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'EvCircleCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 28/1 0/1' },
    })
    .toBuffer();
}

test.describe('uploads', () => {
  test('a photo goes straight to the storage host with a token, and is stored without its GPS', {
    tag: ONE_VIEWPORT,
  }, async ({ page, reader: _ }) => {
    await page.goto('/publish');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    const stored = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/upload/z0' && response.status() === 200,
    );

    await page
      .getByTestId('image-input')
      .setInputFiles([{ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await photoWithGps() }]);
    const answer = (await (await stored).json()) as { path: string; url: string; width: number; height: number };
    expect(answer).toMatchObject({ width: 64, height: 48 });
    expect(answer.path).toMatch(/^posts\/\d{4}\/\d{2}\/\d+-[0-9a-f]{24}\.jpg$/);
    await expect(page.locator('[data-status="done"]')).toHaveCount(1, { timeout: 20_000 });
    // The direct upload worked: no fallback through the API upload.
    expect(posts).not.toContain('/api/v1/ai/user/upload/qiniu');

    const file = await page.request.get(answer.url);
    expect(file.status()).toBe(200);
    const meta = await sharp(await file.body()).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
  });
});
