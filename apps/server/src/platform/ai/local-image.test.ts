import { AI_STYLES, type AiStyle } from '@evcircle/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalImageProvider, renderLocalArtwork, wrapCaption } from './local-image.ts';
import type { ImageRequest } from './types.ts';

const SIDE = 384;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function context(progress: number[] = [], signal = new AbortController().signal) {
  return { signal, onProgress: (percent: number) => progress.push(percent) };
}

function request(overrides: Partial<ImageRequest> = {}): ImageRequest {
  return { prompt: '海边的公路', style: 'photo', width: SIDE, height: SIDE, count: 1, seed: 7, ...overrides };
}

/** A square artwork without the caption (so only the scene is measured). */
function art(prompt: string, seed: number, style: AiStyle = 'photo', width = SIDE, height = SIDE): Promise<Buffer> {
  return renderLocalArtwork({ prompt, style, seed, index: 0, width, height, caption: false });
}

/** Mean [r, g, b] of the band between `top` and `bottom` (shares of the height). */
async function bandMean(png: Buffer, top: number, bottom: number): Promise<[number, number, number]> {
  const { height = 0, width = 0 } = await sharp(png).metadata();
  // NOTE: sharp's stats() reads the input, not the pipeline: extract to a buffer first.
  const band = await sharp(png)
    .extract({ left: 0, top: Math.round(height * top), width, height: Math.round(height * (bottom - top)) })
    .toBuffer();
  const { channels } = await sharp(band).stats();
  return [0, 1, 2].map((i) => channels[i]?.mean ?? 0) as [number, number, number];
}

async function pixelDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = (await Promise.all([a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer()))) as [
    Buffer,
    Buffer,
  ];
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs((x[i] as number) - (y[i] as number));
  return sum / x.length;
}

const luminance = ([r, g, b]: [number, number, number]) => 0.299 * r + 0.587 * g + 0.114 * b;
const SEEDS = [1, 2, 3];

describe('createLocalImageProvider', () => {
  const provider = createLocalImageProvider();

  it('says it is the local generator', () => {
    expect(provider.info).toEqual({ configured: true, local: true, name: '本地生成器' });
  });

  it.each([
    [1024, 1024],
    [768, 1024],
    [1024, 576],
    [576, 1024],
  ])('makes a PNG of exactly %i×%i', async (width, height) => {
    const [image] = await provider.generate(
      request({ width, height, prompt: '城市夜景，一辆白色电动汽车' }),
      context(),
    );
    expect(image?.contentType).toBe('image/png');
    expect(image?.data.subarray(0, 8)).toEqual(PNG_MAGIC);
    const meta = await sharp(image?.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
  });

  it('gives the same bytes for the same request, and another picture for another seed', async () => {
    const [first] = await provider.generate(request(), context());
    const [again] = await provider.generate(request(), context());
    const [other] = await provider.generate(request({ seed: 8 }), context());
    expect(again?.data.equals(first?.data as Buffer)).toBe(true);
    expect(await pixelDifference(first?.data as Buffer, other?.data as Buffer)).toBeGreaterThan(5);
  });

  it('makes `count` different pictures and reports its progress up to 100', async () => {
    const progress: number[] = [];
    const images = await provider.generate(request({ count: 4 }), context(progress));
    expect(images).toHaveLength(4);
    for (let i = 0; i < images.length; i++) {
      for (let j = i + 1; j < images.length; j++) {
        expect(await pixelDifference(images[i]?.data as Buffer, images[j]?.data as Buffer)).toBeGreaterThan(5);
      }
    }
    expect(progress).toEqual([10, 30, 50, 70, 90, 100]);
  });

  it('stops when the job is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(provider.generate(request(), context([], controller.signal))).rejects.toThrow('cancelled');
  });

  it('refuses sizes and counts outside its range', async () => {
    await expect(provider.generate(request({ width: 10 }), context())).rejects.toThrow(RangeError);
    await expect(provider.generate(request({ height: 5000 }), context())).rejects.toThrow(RangeError);
    await expect(provider.generate(request({ width: 300.5 }), context())).rejects.toThrow(RangeError);
    await expect(provider.generate(request({ count: 0 }), context())).rejects.toThrow(RangeError);
    await expect(provider.generate(request({ count: 5 }), context())).rejects.toThrow(RangeError);
  });
});

describe('renderLocalArtwork: the prompt steers the picture', () => {
  it.each(SEEDS)('夜 makes a dark picture and 白天 a bright one (seed %i)', async (seed) => {
    const night = luminance(await bandMean(await art('夜晚的星空', seed), 0, 1));
    const day = luminance(await bandMean(await art('晴朗的白天', seed), 0, 1));
    expect(night).toBeLessThan(70);
    expect(day).toBeGreaterThan(night + 60);
  });

  it.each(SEEDS)('日落 warms the sky and a clear day keeps it blue (seed %i)', async (seed) => {
    const [sunsetRed, , sunsetBlue] = await bandMean(await art('日落', seed), 0.2, 0.5);
    const [dayRed, , dayBlue] = await bandMean(await art('晴朗的白天', seed), 0.2, 0.5);
    expect(sunsetRed).toBeGreaterThan(sunsetBlue + 30);
    expect(dayBlue).toBeGreaterThan(dayRed + 30);
  });

  it.each(SEEDS)('海, 森林, 沙漠 and 雪 colour the land (seed %i)', async (seed) => {
    const [seaR, , seaB] = await bandMean(await art('大海', seed), 0.7, 1);
    const [forestR, forestG, forestB] = await bandMean(await art('森林', seed), 0.7, 1);
    const [desertR, desertG, desertB] = await bandMean(await art('沙漠', seed), 0.7, 1);
    const snow = await bandMean(await art('雪地', seed), 0.7, 1);
    expect(seaB).toBeGreaterThan(seaR + 60);
    expect(forestG).toBeGreaterThan(Math.max(forestR, forestB) + 25);
    expect(desertR).toBeGreaterThan(desertG);
    expect(desertG).toBeGreaterThan(desertB + 30);
    expect(Math.min(...snow)).toBeGreaterThan(160);
  });

  it('paints the car in the colour the prompt names', async () => {
    /** Pixels of a saturated red or blue in the lower half, where the road and the car are. */
    async function countPaint(png: Buffer): Promise<{ red: number; blue: number }> {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      let red = 0;
      let blue = 0;
      for (let p = (info.height / 2) * info.width; p < info.width * info.height; p++) {
        const [r, g, b] = [data[p * 3] as number, data[p * 3 + 1] as number, data[p * 3 + 2] as number];
        if (r > 150 && g < 80 && b < 100) red++;
        if (b > 170 && r < 90 && g < 140) blue++;
      }
      return { red, blue };
    }
    for (const seed of SEEDS) {
      const red = await countPaint(await art('城市公路上一辆红色电动车', seed));
      const blue = await countPaint(await art('城市公路上一辆蓝色电动车', seed));
      expect(red.red).toBeGreaterThan(500);
      expect(blue.blue).toBeGreaterThan(500);
      expect(red.red).toBeGreaterThan(red.blue * 5);
      expect(blue.blue).toBeGreaterThan(blue.red * 5);
    }
  });

  it('gives each style preset its own treatment', async () => {
    const prompt = '雪山下的公路，一辆白色电动车';
    const drawn = await Promise.all(AI_STYLES.map((style) => art(prompt, 3, style)));
    const byStyle = Object.fromEntries(AI_STYLES.map((style, i) => [style, drawn[i] as Buffer]));
    // 智能 with no style words in the prompt is a photograph.
    expect(byStyle.auto?.equals(byStyle.photo as Buffer)).toBe(true);
    const treatments = AI_STYLES.filter((style) => style !== 'auto');
    for (let i = 0; i < treatments.length; i++) {
      for (let j = i + 1; j < treatments.length; j++) {
        const a = byStyle[treatments[i] as string] as Buffer;
        const b = byStyle[treatments[j] as string] as Buffer;
        expect(await pixelDifference(a, b), `${treatments[i]} vs ${treatments[j]}`).toBeGreaterThan(8);
      }
    }
    // The pencil treatment is grey (paper-tinted), the others are in colour.
    const { channels: sketch } = await sharp(byStyle.sketch).stats();
    expect(Math.abs((sketch[0]?.mean ?? 0) - (sketch[1]?.mean ?? 0))).toBeLessThan(5);
    const { channels: cyberpunk } = await sharp(byStyle.cyberpunk).stats();
    expect(Math.abs((cyberpunk[0]?.mean ?? 0) - (cyberpunk[2]?.mean ?? 0))).toBeGreaterThan(5);
  });

  it('lets 智能 follow the style the prompt names', async () => {
    const auto = await art('赛博朋克风格的城市', 4, 'auto');
    const cyberpunk = await art('赛博朋克风格的城市', 4, 'cyberpunk');
    expect(auto.equals(cyberpunk)).toBe(true);
  });

  it('sets the prompt as a caption at the top', async () => {
    const prompt = '夜晚的城市街道上，一辆白色电动汽车在霓虹灯下行驶';
    const options = { prompt, style: 'photo' as const, seed: 5, index: 0, width: SIDE, height: SIDE };
    const plain = await renderLocalArtwork({ ...options, caption: false });
    const captioned = await renderLocalArtwork({ ...options, caption: true });
    /** Near-white pixels in the top 15%: the caption's letters on a night sky. */
    async function whitePixels(png: Buffer): Promise<number> {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      let count = 0;
      for (let p = 0; p < info.width * Math.round(info.height * 0.15); p++) {
        if ((data[p * 3] as number) > 230 && (data[p * 3 + 1] as number) > 230 && (data[p * 3 + 2] as number) > 230)
          count++;
      }
      return count;
    }
    expect(await whitePixels(captioned)).toBeGreaterThan((await whitePixels(plain)) + 300);
    // Below the caption the picture is the same.
    const [a, b] = await Promise.all(
      [plain, captioned].map((png) =>
        sharp(png)
          .extract({ left: 0, top: SIDE / 2, width: SIDE, height: SIDE / 2 })
          .toBuffer(),
      ),
    );
    expect(await pixelDifference(a as Buffer, b as Buffer)).toBe(0);
  });

  it('draws a prompt the font cannot set (emoji only) without a caption', async () => {
    const options = { prompt: '🚗🌃', style: 'anime' as const, seed: 5, index: 0, width: SIDE, height: SIDE };
    const captioned = await renderLocalArtwork({ ...options, caption: true });
    const plain = await renderLocalArtwork({ ...options, caption: false });
    expect(captioned.equals(plain)).toBe(true);
  });
});

describe('wrapCaption', () => {
  /** Every character 1 wide, a space ½: lines of 10 fit ten CJK characters. */
  const measure = (text: string) => [...text].reduce((sum, ch) => sum + (ch === ' ' ? 0.5 : 1), 0);

  it('breaks CJK text at the width and keeps the lines in order', () => {
    expect(wrapCaption(measure, '一二三四五六七八九十甲乙丙丁', 10, 3)).toEqual(['一二三四五六七八九十', '甲乙丙丁']);
  });

  it('keeps Latin words whole and breaks one longer than a line', () => {
    expect(wrapCaption(measure, 'neon city abcdefghijklmn', 10, 4)).toEqual(['neon city', 'abcdefghij', 'klmn']);
  });

  it('does not start a line with closing punctuation', () => {
    expect(wrapCaption(measure, '一二三四五六七八九十，甲乙', 10, 3)).toEqual(['一二三四五六七八九十，', '甲乙']);
  });

  it('ends the last line with … when the text does not fit', () => {
    const lines = wrapCaption(measure, '一二三四五六七八九十'.repeat(5), 10, 2);
    expect(lines).toEqual(['一二三四五六七八九十', '一二三四五六七八九…']);
  });
});
