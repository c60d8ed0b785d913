import { AppError } from '@evcircle/contract';
import { describe, expect, it } from 'vitest';
import { captionFormatOfName, cleanCueText, decodeCaptionText, toWebVtt } from './caption-rules.ts';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

/** 你好 and 世界 in GBK. */
const GBK_NIHAO = [0xc4, 0xe3, 0xba, 0xc3];
const GBK_SHIJIE = [0xca, 0xc0, 0xbd, 0xe7];

describe('decodeCaptionText', () => {
  it('reads UTF-8 with or without BOM, UTF-16 with BOM, and GBK', () => {
    expect(decodeCaptionText(Buffer.from('\uFEFF你好', 'utf8'))).toBe('你好');
    expect(decodeCaptionText(Buffer.from('你好', 'utf8'))).toBe('你好');
    expect(decodeCaptionText(Buffer.from('\uFEFF字幕', 'utf16le'))).toBe('字幕');
    expect(decodeCaptionText(Buffer.from([...GBK_NIHAO, 0x0a, ...GBK_SHIJIE]))).toBe('你好\n世界');
  });

  it('refuses binary data', () => {
    expect(codeOf(() => decodeCaptionText(Buffer.from([0x00, 0x01, 0x02, 0x41])))).toBe('CAPTION_ENCODING_UNSUPPORTED');
    expect(codeOf(() => decodeCaptionText(Buffer.from([0xff, 0xff, 0x81, 0x20])))).toBe('CAPTION_ENCODING_UNSUPPORTED');
  });
});

describe('captionFormatOfName', () => {
  it('tells .srt and .vtt (any case), no extension, and others apart', () => {
    expect(captionFormatOfName('电影.SRT')).toBe('srt');
    expect(captionFormatOfName('a.b.vtt')).toBe('vtt');
    expect(captionFormatOfName('blob')).toBe('');
    expect(captionFormatOfName('notes.txt')).toBeNull();
  });
});

describe('toWebVtt', () => {
  it('converts SubRip: header, "," to ".", numbers dropped, markup stripped but b/i/u', () => {
    const srt = [
      '1',
      '00:00:01,000 --> 00:00:02,500',
      '<font color="#ff0000">红色</font> <b>粗体</b>',
      '',
      '2',
      '00:00:03,5 --> 00:01:04,000 X1:10 X2:20',
      '{\\an8}<i>顶部</i> & <u>下划线</u>',
      'a < b',
      '',
      '',
    ].join('\r\n');
    expect(toWebVtt(srt, 'srt')).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.500',
        '红色 <b>粗体</b>',
        '',
        '00:00:03.500 --> 00:01:04.000',
        '<i>顶部</i> &amp; <u>下划线</u>',
        'a &lt; b',
        '',
      ].join('\n'),
    );
  });

  it('validates and cleans WebVTT: identifiers, NOTE and STYLE blocks dropped, cue settings kept', () => {
    const vtt = [
      'WEBVTT - 中文字幕',
      '',
      'NOTE 翻译：车友',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'intro',
      '00:01.000 --> 00:02.000 align:start line:10% bogus',
      '<v 司机>出发啦</v> <c.yellow>黄色</c> <b.loud>大声</b>',
      '',
      '01:00:00.000 --> 01:00:01.000',
      '<00:00:01.500>逐字',
    ].join('\n');
    expect(toWebVtt(vtt, 'vtt')).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.000 align:start line:10%',
        '出发啦 黄色 <b>大声</b>',
        '',
        '01:00:00.000 --> 01:00:01.000',
        '逐字',
        '',
      ].join('\n'),
    );
  });

  it('sniffs the format when the name says none', () => {
    expect(toWebVtt('WEBVTT\n\n00:00.000 --> 00:01.000\n嗨\n', '')).toContain('00:00:00.000 --> 00:00:01.000\n嗨');
    expect(toWebVtt('1\n00:00:00,000 --> 00:00:01,000\n嗨\n', '')).toContain('00:00:00.000 --> 00:00:01.000\n嗨');
  });

  it('refuses a .vtt without its header, unparsable timings, an end before its start', () => {
    expect(codeOf(() => toWebVtt('00:00.000 --> 00:01.000\n嗨', 'vtt'))).toBe('CAPTION_INVALID');
    expect(codeOf(() => toWebVtt('1\n00:00:01 --> 00:00:02\n嗨', 'srt'))).toBe('CAPTION_INVALID');
    expect(codeOf(() => toWebVtt('1\n00:00:05,000 --> 00:00:02,000\n嗨', 'srt'))).toBe('CAPTION_INVALID');
    expect(codeOf(() => toWebVtt('只是一段文字，不是字幕', 'srt'))).toBe('CAPTION_INVALID');
    expect(codeOf(() => toWebVtt('WEBVTT\n\n00:61.000 --> 00:62.000\n嗨', 'vtt'))).toBe('CAPTION_INVALID');
  });

  it('needs at least one cue with text', () => {
    expect(codeOf(() => toWebVtt('', 'srt'))).toBe('CAPTION_EMPTY');
    expect(codeOf(() => toWebVtt('WEBVTT\n\nNOTE 空的\n', 'vtt'))).toBe('CAPTION_EMPTY');
    expect(codeOf(() => toWebVtt('1\n00:00:01,000 --> 00:00:02,000\n<font></font>\n', 'srt'))).toBe('CAPTION_EMPTY');
  });
});

describe('cleanCueText', () => {
  it('keeps entities and escapes what is not one', () => {
    expect(cleanCueText(['&amp; &lt; &#39; & x', 'a --> b'])).toBe('&amp; &lt; &#39; &amp; x\na --&gt; b');
  });
});
