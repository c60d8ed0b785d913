import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type ApiClient,
  CAPTION_UPLOAD_MAX_BYTES,
  draftInfo,
  ERRORS,
  postDetail,
  postRelease,
  STATUS,
  uploadCaption,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createImageUpload, createVideoUpload, saveDraftVia } from '../../../test/factories/uploads.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { form } from '../../../test/test-media.ts';
import { localStorageOf } from '../../platform/storage/index.ts';
import { uploads } from './uploads.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function author() {
  const user = await createUser(t.app.db);
  return { user, ...(await loginAs(t, user.id)) };
}

const SRT =
  '1\r\n00:00:01,000 --> 00:00:02,000\r\n<font color="red">出发</font>\r\n\r\n2\r\n00:00:02,500 --> 00:00:04,000\r\n到站\r\n';

function upload(api: ApiClient, text: string | Buffer, name: string) {
  return api.call(uploadCaption, form(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), name, 'text/plain'));
}

/** Every caption file stored (the caption tests' only output under posts/). */
async function storedCaptions(): Promise<string[]> {
  const root = path.join(localStorageOf(t.app.storage).filesDir, 'posts');
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => entry.endsWith('.vtt'));
}

type ReleaseBody = z.input<NonNullable<(typeof postRelease)['body']>>;
function release(api: ApiClient, body: Partial<ReleaseBody>) {
  return api.call(postRelease, {
    content: '带字幕的视频',
    type: 'tesla',
    imgpack: '',
    latitude: '',
    longitude: '',
    checkin: '',
    ...body,
  } as ReleaseBody);
}

describe('POST /api/v1/user/upload/caption', () => {
  it('converts an .srt to WebVTT, stores it as <stem>.vtt and records a caption upload', async () => {
    const { user, api } = await author();
    const answer = await upload(api, SRT, '行车记录.srt');
    expect(answer.path).toMatch(new RegExp(`^posts/\\d{4}/\\d{2}/${user.id}-[0-9a-f]{24}\\.vtt$`));
    expect(answer.url).toBe(`/files/${answer.path}`);
    expect((await t.app.storage.get(answer.path)).toString('utf8')).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n出发\n\n00:00:02.500 --> 00:00:04.000\n到站\n',
    );
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.key, answer.path));
    expect(row).toMatchObject({ userId: user.id, kind: 'caption' });

    // Served as WebVTT in UTF-8, cacheable, with ranges.
    const served = await t.app.inject({ method: 'GET', url: answer.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(served.headers['cache-control']).toContain('max-age');
    expect(served.headers['accept-ranges']).toBe('bytes');
  });

  it('reads a GBK .srt and a UTF-8 .vtt with BOM', async () => {
    const { api } = await author();
    // "1\n00:00:00,000 --> 00:00:01,000\n你好\n" with 你好 in GBK.
    const gbk = Buffer.concat([
      Buffer.from('1\n00:00:00,000 --> 00:00:01,000\n', 'latin1'),
      Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0x0a]),
    ]);
    const fromGbk = await upload(api, gbk, 'gbk.srt');
    expect((await t.app.storage.get(fromGbk.path)).toString('utf8')).toContain('00:00:00.000 --> 00:00:01.000\n你好');
    const fromVtt = await upload(api, '\uFEFFWEBVTT\n\n00:01.000 --> 00:02.000\n<i>你好</i>\n', 'a.vtt');
    expect((await t.app.storage.get(fromVtt.path)).toString('utf8')).toContain(
      '00:00:01.000 --> 00:00:02.000\n<i>你好</i>',
    );
  });

  it('refuses a bad file, another extension, an empty one, one too big and logged-out callers, storing nothing', async () => {
    const { api } = await author();
    const before = await storedCaptions();
    const failures = [
      [await apiFailure(upload(api, '不是字幕', 'x.srt')), ERRORS.CAPTION_INVALID.message],
      [await apiFailure(upload(api, SRT, 'x.txt')), ERRORS.CAPTION_INVALID.message],
      [await apiFailure(upload(api, '00:00.000 --> 00:01.000\n嗨', 'x.vtt')), ERRORS.CAPTION_INVALID.message],
      [await apiFailure(upload(api, 'WEBVTT\n\n', 'x.vtt')), ERRORS.CAPTION_EMPTY.message],
      [await apiFailure(upload(api, Buffer.from([0, 1, 2, 3]), 'x.srt')), ERRORS.CAPTION_ENCODING_UNSUPPORTED.message],
    ] as const;
    for (const [error, message] of failures) {
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
      expect(error.message).toBe(message);
    }
    const big = `${SRT}\n${'3\n00:00:05,000 --> 00:00:06,000\n很长很长的字幕\n\n'.repeat(CAPTION_UPLOAD_MAX_BYTES / 40)}`;
    const tooBig = await apiFailure(upload(api, big, 'big.srt'));
    expect(tooBig.status).toBe(STATUS.PAYLOAD_TOO_LARGE);
    expect(tooBig.message).toBe('字幕文件过大，不能超过 256 KB');
    const guest = await apiFailure(upload(t.api, SRT, 'x.srt'));
    expect(guest.status).toBe(STATUS.NOT_LOGGED_IN);
    expect(await storedCaptions()).toEqual(before);
  });
});

describe('viocaption on posts and drafts', () => {
  it('publishes a video with its own caption and answers it; a draft keeps it', async () => {
    const { user, api } = await author();
    const video = await createVideoUpload(t.app.db, user.id);
    const caption = await upload(api, SRT, 'a.srt');
    const { pid } = await release(api, { viosrc: video.key, viocaption: caption.url });
    const [post] = await t.api.call(postDetail, { pid });
    expect(post).toMatchObject({ viosrc: video.key, viocaption: caption.path, viohls: '' });

    const { did } = await saveDraftVia(api, { content: '草稿', viosrc: video.key, viocaption: caption.path });
    expect(await api.call(draftInfo, { did })).toMatchObject({ viosrc: video.key, viocaption: caption.path });
  });

  it("refuses another user's caption, a video as caption, and a caption without a video", async () => {
    const { user, api } = await author();
    const other = await author();
    const video = await createVideoUpload(t.app.db, user.id);
    const theirs = await upload(other.api, SRT, 'theirs.srt');

    const stolen = await apiFailure(release(api, { viosrc: video.key, viocaption: theirs.path }));
    expect(stolen.message).toBe(ERRORS.UPLOAD_NOT_FOUND.message);
    const stolenDraft = await apiFailure(saveDraftVia(api, { viosrc: video.key, viocaption: theirs.path }));
    expect(stolenDraft.message).toBe(ERRORS.UPLOAD_NOT_FOUND.message);
    const notCaption = await apiFailure(release(api, { viosrc: video.key, viocaption: video.key }));
    expect(notCaption.message).toBe(ERRORS.UPLOAD_NOT_FOUND.message);

    const mine = await upload(api, SRT, 'mine.srt');
    const image = await createImageUpload(t.app.db, user.id);
    const imagePost = await apiFailure(
      release(api, { imgpack: JSON.stringify([{ src: image.key }]), viocaption: mine.path }),
    );
    expect(imagePost.message).toBe(ERRORS.POST_CAPTION_NEEDS_VIDEO.message);
    const captionOnly = await apiFailure(saveDraftVia(api, { content: '只有字幕', viocaption: mine.path }));
    expect(captionOnly.message).toBe(ERRORS.POST_CAPTION_NEEDS_VIDEO.message);
  });
});
