import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Post, postsNoAds } from '@evcircle/contract';
import type { Download, Page } from '@playwright/test';
import { runMediaTool } from '../apps/server/src/platform/media-tools.ts';
import { expect, ONE_VIEWPORT, test } from './fixtures.ts';
import { E2E_SEED } from './support/constants.ts';
import { waitForApp } from './support/hydration.ts';
import { shoot } from './support/screenshots.ts';

/** A stereo 16-bit 44.1 kHz WAV of a rising tone, `seconds` long (made here: no fixture file). */
function toneWav(seconds: number): Buffer {
  const rate = 44_100;
  const frames = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + frames * 4);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(out.length - 8, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(2, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 4, 28);
  out.writeUInt16LE(4, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(frames * 4, 40);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * (300 + i / 200) * i) / rate) * 9000);
    out.writeInt16LE(v, 44 + i * 4);
    out.writeInt16LE(v, 46 + i * 4);
  }
  return out;
}

type Header = {
  riff: string;
  wave: string;
  format: number;
  channels: number;
  rate: number;
  bits: number;
  data: number;
};

function wavHeader(bytes: Buffer): Header {
  return {
    riff: bytes.toString('latin1', 0, 4),
    wave: bytes.toString('latin1', 8, 12),
    format: bytes.readUInt16LE(20),
    channels: bytes.readUInt16LE(22),
    rate: bytes.readUInt32LE(24),
    bits: bytes.readUInt16LE(34),
    data: bytes.readUInt32LE(40),
  };
}

const CD_STEREO = { riff: 'RIFF', wave: 'WAVE', format: 1, channels: 2, rate: 44_100, bits: 16 };

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { download, bytes: await readFile((await download.path()) as string) };
}

async function seededVideo(api: import('@evcircle/contract').ApiClient): Promise<Post> {
  // The seed's own posts (the first E2E_SEED.posts ids of the fresh e2e database): a video
  // another journey published meanwhile (an AI video has no sound track) may come first.
  for (let p = 1; p <= 5; p++) {
    const video = (await api.call(postsNoAds, { page: p, size: 20 })).find(
      (post) => post.isvio === 1 && post.pid <= E2E_SEED.posts,
    );
    if (video) return video;
  }
  throw new Error('the seed has video posts');
}

test.describe('/lockchime', () => {
  test('makes a LockChime.wav from a file: capped under 1 MB, then trimmed', async ({ page }, info) => {
    await page.goto('/lockchime');
    await waitForApp(page);
    await expect(page).toHaveTitle(/锁车音/);
    await expect(page.getByTestId('lockchime-steps')).toContainText('LockChime.wav');
    await page.getByTestId('lockchime-file').setInputFiles({
      name: 'tone.wav',
      mimeType: 'audio/wav',
      buffer: toneWav(8),
    });
    await expect(page.getByTestId('chime-waveform')).toBeVisible();
    // The 8 s source: the selection starts at the longest that fits under 1 MB.
    await expect(page.getByTestId('chime-selection')).toHaveText('已选 5.6 秒（最长 5.6 秒）');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shoot(page, info.project.name, 'lockchime-maker', { fullPage: true });

    const capped = await downloaded(page, () => page.getByTestId('chime-download-wav').click());
    expect(capped.download.suggestedFilename()).toBe('LockChime.wav');
    expect(wavHeader(capped.bytes)).toMatchObject(CD_STEREO);
    expect(capped.bytes.length).toBeLessThan(1_000_000);
    expect(capped.bytes.length).toBeGreaterThan(990_000);

    // Trim to 1.00–3.00 s with the sliders (the keyboard's way: arrows move 10 ms).
    await page.getByTestId('chime-end').fill('3000');
    await page.getByTestId('chime-start').fill('1000');
    await page.getByTestId('chime-start').press('ArrowRight');
    await page.getByTestId('chime-start').press('ArrowLeft');
    await expect(page.getByTestId('chime-selection')).toHaveText('已选 2.0 秒（最长 5.6 秒）');
    await page.getByTestId('chime-fade-out').fill('300');
    const trimmed = await downloaded(page, () => page.getByTestId('chime-download-wav').click());
    const header = wavHeader(trimmed.bytes);
    expect(header).toMatchObject(CD_STEREO);
    expect(header.data).toBe(2 * 44_100 * 4);
    expect(trimmed.bytes.length).toBe(44 + 2 * 44_100 * 4);
    // Faded out: the last frame is silent; normalised: the loudest sample is at −1 dBFS.
    expect(trimmed.bytes.readInt16LE(trimmed.bytes.length - 4)).toBe(0);
    let peak = 0;
    for (let at = 44; at < trimmed.bytes.length; at += 2)
      peak = Math.max(peak, Math.abs(trimmed.bytes.readInt16LE(at)));
    expect(peak / 32767).toBeCloseTo(10 ** (-1 / 20), 2);
  });

  test("extracts a seeded video's audio to a 44.1 kHz stereo 16-bit WAV, from the post's entry", async ({
    page,
    api,
  }, info) => {
    const video = await seededVideo(api);
    await page.goto(`/post/${video.pid}`);
    await waitForApp(page);
    await page.getByTestId('post-lockchime').first().click();
    await expect(page).toHaveURL(new RegExp(`/lockchime\\?pid=${video.pid}$`));
    await page.getByTestId('lockchime-tab-extract').click();
    await expect(page).toHaveURL(/tab=extract/);
    await page.getByTestId('extract-post-video').click();
    await expect(page.getByTestId('extract-result')).toBeVisible({ timeout: 20_000 });
    await shoot(page, info.project.name, 'lockchime-extract', { fullPage: true });
    const { download, bytes } = await downloaded(page, () => page.getByTestId('extract-download').click());
    expect(download.suggestedFilename()).toBe(`post-${video.pid}.wav`);
    const header = wavHeader(bytes);
    expect(header).toMatchObject(CD_STEREO);
    expect(header.data).toBe(bytes.length - 44);
    // The seed's clips are 4 s long (their AAC track a little shorter).
    expect(header.data / (44_100 * 4)).toBeGreaterThan(3);
    expect(header.data / (44_100 * 4)).toBeLessThan(4.5);
  });

  test('extracts audio the browser cannot decode with FFmpeg (WebAssembly, from our server)', {
    tag: ONE_VIEWPORT,
  }, async ({ page }) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lockchime-'));
    try {
      // AIFF: a container Chromium does not decode, FFmpeg does.
      const file = path.join(dir, 'clip.aiff');
      const made = await runMediaTool(
        'ffmpeg',
        ['-y', '-f', 'lavfi', '-i', 'sine=frequency=660:duration=1.5', '-ac', '1', '-ar', '22050', file],
        30_000,
      );
      expect(made.code, made.stderr).toBe(0);
      const wasm: { url: string; cache: string; type: string }[] = [];
      page.on('response', (response) => {
        if (!response.url().endsWith('.wasm')) return;
        const headers = response.headers();
        wasm.push({ url: response.url(), cache: headers['cache-control'] ?? '', type: headers['content-type'] ?? '' });
      });
      await page.goto('/lockchime?tab=extract');
      await waitForApp(page);
      await page.getByTestId('lockchime-file').setInputFiles(file);
      await expect(page.getByTestId('extract-result')).toBeVisible({ timeout: 25_000 });
      // The core's .wasm came once, from this site's build assets, cached for a year.
      expect(wasm).toHaveLength(1);
      expect(new URL(wasm[0]?.url ?? '').origin).toBe(new URL(page.url()).origin);
      expect(wasm[0]?.cache).toContain('immutable');
      expect(wasm[0]?.type).toBe('application/wasm');
      const { bytes } = await downloaded(page, () => page.getByTestId('extract-download').click());
      const header = wavHeader(bytes);
      expect(header).toMatchObject(CD_STEREO);
      expect(header.data).toBe(Math.round(1.5 * 44_100) * 4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('shares a chime as a Tesla post and finds it in the popular list', async ({ page, reader }) => {
    const title = `测试锁车音${Date.now() % 100_000}`;
    await page.goto('/lockchime');
    await waitForApp(page);
    await page
      .getByTestId('lockchime-file')
      .setInputFiles({ name: 'tone.wav', mimeType: 'audio/wav', buffer: toneWav(2) });
    await expect(page.getByTestId('chime-waveform')).toBeVisible();
    await page.getByTestId('chime-share-title').fill(title);
    await page.getByTestId('chime-share-submit').click();
    await expect(page.getByTestId('chime-shared')).toBeVisible({ timeout: 15_000 });

    await page.reload();
    await waitForApp(page);
    const card = page.getByTestId('chime-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(reader.account.nickname);
    const id = await card.getAttribute('data-chime-id');
    const { download, bytes } = await downloaded(page, () => card.getByTestId('chime-download').click());
    expect(download.suggestedFilename()).toBe('LockChime.wav');
    expect(wavHeader(bytes)).toMatchObject(CD_STEREO);
    await expect(card).toContainText('1 次下载');

    // ?chime= opens it first, loaded into the maker.
    await page.goto(`/lockchime?chime=${id}`);
    await waitForApp(page);
    await expect(page.getByTestId('chime-card').first()).toContainText(title);
    await expect(page.getByTestId('chime-waveform')).toBeVisible();
    // The owner may delete it.
    await page.getByTestId('chime-card').first().getByTestId('chime-delete').click();
    await page.getByTestId('chime-card').first().getByTestId('chime-delete').click();
    await expect(page.getByTestId('chime-card').filter({ hasText: title })).toHaveCount(0);
  });
});
