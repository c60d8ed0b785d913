import { AppError } from '@evcircle/contract';

/**
 * Caption files (docs/decisions/0023-media.md): a SubRip (.srt) or WebVTT (.vtt) file
 * becomes one clean WebVTT file — `WEBVTT`, then each cue as its timing line
 * (`HH:MM:SS.mmm --> HH:MM:SS.mmm`, WebVTT cue settings kept for .vtt) and its text.
 * Cue identifiers (SRT's numbers, VTT's ids) are always dropped; NOTE, STYLE and REGION
 * blocks too. Cue text keeps only the WebVTT tags b, i and u; other markup (SRT's
 * `<font>`, ASS `{\an8}`, VTT classes, voices, timestamps) goes and stray `<`, `>`
 * and `&` are escaped. A cue whose text ends up empty is dropped; none left is CAPTION_EMPTY.
 */

export type CaptionFormat = 'srt' | 'vtt';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The text of a caption file: UTF-8 (with or without BOM), UTF-16 with its BOM, else
 * GB18030 (which includes GBK, common for Chinese .srt). Anything else, or text with NUL
 * characters (a binary file), is CAPTION_ENCODING_UNSUPPORTED.
 */
export function decodeCaptionText(bytes: Uint8Array): string {
  const tryDecode = (encoding: string, data: Uint8Array) => {
    try {
      return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(data);
    } catch {
      return null;
    }
  };
  let text: string | null;
  if (UTF8_BOM.every((b, i) => bytes[i] === b)) text = tryDecode('utf-8', bytes);
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) text = tryDecode('utf-16le', bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = tryDecode('utf-16be', bytes);
  else text = tryDecode('utf-8', bytes) ?? tryDecode('gb18030', bytes);
  if (text === null || text.includes('\u0000')) throw new AppError('CAPTION_ENCODING_UNSUPPORTED');
  return text.replace(/^\uFEFF/, '');
}

/** The format a file name says (`.srt`/`.vtt`, any case), '' for none, null for another extension. */
export function captionFormatOfName(fileName: string): CaptionFormat | '' | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  if (!match?.[1]) return '';
  const extension = match[1].toLowerCase();
  return extension === 'srt' || extension === 'vtt' ? extension : null;
}

type Cue = { start: number; end: number; settings: string; text: string };

const SRT_TIME = /^(\d{1,3}):(\d{1,2}):(\d{1,2})[,.](\d{1,3})$/;
const VTT_TIME = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const VTT_SETTING = /^(?:vertical|line|position|size|align|region):\S+$/;

function parseTime(value: string, format: CaptionFormat): number | null {
  const match = (format === 'srt' ? SRT_TIME : VTT_TIME).exec(value);
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1] ?? 0), Number(match[2]), Number(match[3])];
  if (minutes > 59 || seconds > 59) return null;
  // SRT writers sometimes drop trailing zeros of the milliseconds ("1,5" is 500 ms).
  const millis = Number((match[4] ?? '0').padEnd(3, '0'));
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
}

function formatTime(ms: number): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(ms % 1000, 3)}`;
}

/** A timing line (`start --> end [settings]`), or null when the line is not one. */
function parseTiming(line: string, format: CaptionFormat): Omit<Cue, 'text'> | null {
  const match = /^\s*(\S+)\s+-->\s+(\S+)(.*)$/.exec(line);
  if (!match?.[1] || !match[2]) return null;
  const start = parseTime(match[1], format);
  const end = parseTime(match[2], format);
  if (start === null || end === null || end < start) return null;
  const settings =
    format === 'vtt'
      ? (match[3] ?? '')
          .trim()
          .split(/\s+/)
          .filter((token) => VTT_SETTING.test(token))
          .join(' ')
      : '';
  return { start, end, settings };
}

const ENTITY = /^&(?:amp|lt|gt|nbsp|lrm|rlm|#\d+|#x[0-9a-f]+);/i;
const KEPT_TAGS = new Set(['b', 'i', 'u']);

/** Cue text with only b/i/u markup, everything else escaped; lines trimmed, empty ones dropped. */
export function cleanCueText(lines: readonly string[]): string {
  const cleaned = lines.map((line) => {
    const withoutAss = line.replace(/\{\\[^}]*\}/g, '');
    let out = '';
    for (let i = 0; i < withoutAss.length; ) {
      const rest = withoutAss.slice(i);
      const tag = /^<(\/?)([A-Za-z][\w.-]*|\d[\d:.]*)(?:\s[^<>]*)?>/.exec(rest);
      if (tag) {
        const name = (tag[2] ?? '').split('.')[0]?.toLowerCase() ?? '';
        if (KEPT_TAGS.has(name)) out += `<${tag[1]}${name}>`;
        i += tag[0].length;
        continue;
      }
      const char = withoutAss[i] ?? '';
      if (char === '<') out += '&lt;';
      else if (char === '>') out += '&gt;';
      else if (char === '&' && !ENTITY.test(rest)) out += '&amp;';
      else out += char;
      i++;
    }
    return out.trim();
  });
  return cleaned.filter((line) => line.replace(/<\/?[biu]>/g, '').trim() !== '').join('\n');
}

function blocksOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((block) => block.split('\n').filter((line, i, all) => i < all.length - 1 || line.trim() !== ''))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

function parseCues(blocks: readonly string[][], format: CaptionFormat): Cue[] {
  const cues: Cue[] = [];
  for (const block of blocks) {
    const lines = block.map((line) => line.replace(/\s+$/, ''));
    const first = lines[0]?.trim() ?? '';
    if (format === 'vtt' && /^(?:NOTE|STYLE|REGION)(?:\s|$)/.test(first)) continue;
    // An identifier line (an SRT number, a VTT id) may come before the timing line.
    const timingAt = first.includes('-->') ? 0 : 1;
    const timing = parseTiming(lines[timingAt] ?? '', format);
    if (!timing) throw new AppError('CAPTION_INVALID');
    const text = cleanCueText(lines.slice(timingAt + 1));
    if (text !== '') cues.push({ ...timing, text });
  }
  return cues;
}

/**
 * Converts caption `text` to WebVTT (see the module comment). `format` is what the file
 * name said ('' for none: a text starting with WEBVTT is WebVTT, anything else SubRip).
 * A .vtt without its WEBVTT header, or any cue whose timing does not parse, is CAPTION_INVALID.
 */
export function toWebVtt(text: string, format: CaptionFormat | ''): string {
  const body = text.replace(/^\uFEFF/, '');
  const hasHeader = /^WEBVTT(?:[ \t][^\n]*)?(?:\r?\n|$)/.test(body);
  const kind: CaptionFormat = format || (hasHeader ? 'vtt' : 'srt');
  if (kind === 'vtt' && !hasHeader) throw new AppError('CAPTION_INVALID');
  const blocks = blocksOf(body);
  // The header block (WEBVTT and any header lines up to the first blank line).
  if (kind === 'vtt') blocks.shift();
  const cues = parseCues(blocks, kind);
  if (cues.length === 0) throw new AppError('CAPTION_EMPTY');
  const lines = ['WEBVTT', ''];
  for (const cue of cues) {
    const settings = cue.settings ? ` ${cue.settings}` : '';
    lines.push(`${formatTime(cue.start)} --> ${formatTime(cue.end)}${settings}`, cue.text, '');
  }
  return lines.join('\n');
}
