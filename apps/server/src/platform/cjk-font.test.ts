import { describe, expect, it } from 'vitest';
import { drawableText, loadCjkFont, textPathData } from './cjk-font.ts';

/** The numbers of SVG path data, in order. */
const numbers = (d: string) => (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
const commands = (d: string) => d.replace(/[^MLQCZ]/g, '');

describe('cjk-font', () => {
  it('loads the font once and sets CJK and Latin text', async () => {
    const face = await loadCjkFont();
    expect(await loadCjkFont()).toBe(face);
    for (const ch of ['车', '圈', 'A', '…']) expect(face.charToGlyphIndex(ch)).toBeGreaterThan(0);
  });

  it('writes the outline opentype draws, rounded to one decimal', async () => {
    const face = await loadCjkFont();
    const ours = textPathData(face, 'AI生成 车友圈', 12.34, 56.78, 40);
    // NOTE: compared with the commands, not opentype's toPathData, whose options form flips y
    // and prints NaN for some coordinates (one more reason not to use it).
    const path = face.getPath('AI生成 车友圈', 12.34, 56.78, 40).commands;
    expect(commands(ours)).toBe(path.map((command) => command.type).join(''));
    const expected = path.flatMap((command) => {
      if (command.type === 'Z') return [];
      if (command.type === 'Q') return [command.x1, command.y1, command.x, command.y];
      if (command.type === 'C') return [command.x1, command.y1, command.x2, command.y2, command.x, command.y];
      return [command.x, command.y];
    });
    const written = numbers(ours);
    expect(written).toHaveLength(expected.length);
    expect(written.length).toBeGreaterThan(100);
    for (let i = 0; i < written.length; i++) {
      expect(Math.abs((written[i] as number) - (expected[i] as number))).toBeLessThanOrEqual(0.0501);
    }
  });

  it('drops what the font cannot draw and turns whitespace into spaces', async () => {
    const face = await loadCjkFont();
    expect(drawableText(face, '夜景🚗\tnight\n')).toBe('夜景 night ');
  });
});
