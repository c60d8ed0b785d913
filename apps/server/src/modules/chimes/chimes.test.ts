import {
  CHIME_MAX_BYTES,
  ChimeSchema,
  chimeDelete,
  chimeDetail,
  chimeDownload,
  chimePopular,
  chimeShare,
  postDelete,
  postDetail,
  STATUS,
  uploadChime,
} from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createImageUpload } from '../../../test/factories/uploads.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';
import { form } from '../../../test/test-media.ts';
import { chimes } from './chimes.tables.ts';
import { readChimeWav } from './wav-check.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A WAV of a 440 Hz tone, as the chime maker writes it (or with other header facts). */
function toneWav({ seconds = 1, rate = 44_100, channels = 2, bits = 16 } = {}): Buffer {
  const frames = Math.round(seconds * rate);
  const bytesPerSample = bits / 8;
  const dataSize = frames * channels * bytesPerSample;
  const out = Buffer.alloc(44 + dataSize);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + dataSize, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * channels * bytesPerSample, 28);
  out.writeUInt16LE(channels * bytesPerSample, 32);
  out.writeUInt16LE(bits, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataSize, 40);
  for (let i = 0; i < frames; i++) {
    const value = Math.sin((2 * Math.PI * 440 * i) / rate) * 0.5;
    for (let c = 0; c < channels; c++) {
      const at = 44 + (i * channels + c) * bytesPerSample;
      if (bits === 16) out.writeInt16LE(Math.round(value * 32767), at);
      else out.writeUInt8(Math.round(128 + value * 127), at);
    }
  }
  return out;
}

/** The first bytes of an MP3 (an ID3 tag, then MPEG frame headers). */
function mp3Bytes(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x0a', 'latin1'), Buffer.alloc(10), frame, frame]);
}

const wavForm = (bytes: Buffer, name = 'LockChime.wav') => form(bytes, name, 'audio/wav');

async function uploadTone(person: Person, seconds = 1) {
  return person.api.call(uploadChime, wavForm(toneWav({ seconds })));
}

/** Uploads a chime and shares it with a waveform picture; answers the share's ids. */
async function share(person: Person, title = '清脆的叮', seconds = 1) {
  const chime = await uploadTone(person, seconds);
  const picture = await createImageUpload(t.app.db, person.id, 1200, 300);
  return person.api.call(chimeShare, { path: chime.path, title, image: picture.key });
}

describe('POST /api/v1/user/upload/chime', () => {
  it('needs login', async () => {
    const error = await apiFailure(t.api.call(uploadChime, wavForm(toneWav())));
    expect(error.status).toBe(STATUS.NOT_LOGGED_IN);
  });

  it('accepts a 16-bit 44.1 kHz WAV, mono or stereo, and stores it as it came', async () => {
    const person = await newPerson(t);
    const stereo = toneWav({ seconds: 2 });
    const answer = await person.api.call(uploadChime, wavForm(stereo));
    expect(answer).toEqual({
      url: `/files/${answer.path}`,
      path: expect.stringMatching(new RegExp(`^chimes/\\d{4}/\\d{2}/${person.id}-[0-9a-f]{24}\\.wav$`)),
      durationMs: 2000,
      sizeBytes: stereo.length,
      channels: 2,
    });
    expect((await t.app.storage.get(answer.path)).equals(stereo)).toBe(true);
    const mono = await person.api.call(uploadChime, wavForm(toneWav({ channels: 1 }), 'mono.wav'));
    expect(mono.channels).toBe(1);
  });

  it.each([
    ['MP3 bytes named .wav', mp3Bytes()],
    ['an 8-bit WAV', toneWav({ bits: 8 })],
    ['a 48 kHz WAV', toneWav({ rate: 48_000 })],
    ['a WAV cut short', toneWav().subarray(0, 1000)],
    ['six channels', toneWav({ channels: 6, seconds: 0.1 })],
  ])('refuses %s by its bytes and stores nothing', async (_name, bytes) => {
    const person = await newPerson(t);
    const error = await apiFailure(person.api.call(uploadChime, wavForm(bytes)));
    expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    expect(error.message).toContain('WAV');
  });

  it('refuses a file over the 1 MB cap', async () => {
    const person = await newPerson(t);
    const big = toneWav({ seconds: 6 });
    expect(big.length).toBeGreaterThan(CHIME_MAX_BYTES);
    const error = await apiFailure(person.api.call(uploadChime, wavForm(big)));
    expect(error.status).toBe(STATUS.PAYLOAD_TOO_LARGE);
    expect(error.message).toBe('文件过大，不能超过 1 MB');
  });

  it('reads the facts a Tesla needs from the header', () => {
    expect(readChimeWav(toneWav({ seconds: 0.5, channels: 1 }))).toEqual({
      channels: 1,
      sampleRate: 44_100,
      bitsPerSample: 16,
      frames: 22_050,
      durationMs: 500,
    });
  });
});

describe('POST /api/v1/user/lockchime/share', () => {
  it('records the chime and publishes a Tesla post with the waveform that links to it', async () => {
    const person = await newPerson(t);
    const { id, pid } = await share(person, '  小鸟叫  ', 1.5);
    const chime = await t.api.call(chimeDetail, { id });
    expect(ChimeSchema.strict().parse(chime)).toEqual(chime);
    expect(chime).toMatchObject({
      id,
      title: '小鸟叫',
      durationMs: 1500,
      channels: 2,
      downloads: 0,
      pid,
      uid: person.id,
      nickname: person.nickname,
    });
    const [post] = await t.api.call(postDetail, { pid });
    expect(post?.type).toBe('tesla');
    expect(post?.uid).toBe(person.id);
    expect(post?.content).toContain('小鸟叫');
    expect(post?.content).toContain(`/lockchime?chime=${id}`);
    expect(post?.imgpack).toHaveLength(1);
  });

  it('refuses a title with prohibited words, an empty or long one, and writes nothing', async () => {
    const person = await newPerson(t);
    const chime = await uploadTone(person);
    const picture = await createImageUpload(t.app.db, person.id);
    for (const title of ['加微信送锁车音', '   ', '长'.repeat(31)]) {
      const error = await apiFailure(person.api.call(chimeShare, { path: chime.path, title, image: picture.key }));
      expect(error.status).toBe(STATUS.VALIDATION_FAILED);
    }
    expect(await t.app.db.select().from(chimes).where(eq(chimes.fileKey, chime.path))).toEqual([]);
  });

  it("refuses someone else's chime file or picture, and a second share of one file", async () => {
    const owner = await newPerson(t);
    const other = await newPerson(t);
    const chime = await uploadTone(owner);
    const ownPicture = await createImageUpload(t.app.db, other.id);
    const theft = await apiFailure(
      other.api.call(chimeShare, { path: chime.path, title: '别人的', image: ownPicture.key }),
    );
    expect(theft.status).toBe(STATUS.NOT_FOUND);
    const othersPicture = await createImageUpload(t.app.db, other.id);
    const badPicture = await apiFailure(
      owner.api.call(chimeShare, { path: chime.path, title: '图不对', image: othersPicture.key }),
    );
    expect(badPicture.status).toBe(STATUS.VALIDATION_FAILED);
    // The failed post left no chime behind: the same file can still be shared, once.
    expect(await t.app.db.select().from(chimes).where(eq(chimes.fileKey, chime.path))).toEqual([]);
    const picture = await createImageUpload(t.app.db, owner.id);
    await owner.api.call(chimeShare, { path: chime.path, title: '第一次', image: picture.key });
    const again = await apiFailure(
      owner.api.call(chimeShare, { path: chime.path, title: '第二次', image: picture.key }),
    );
    expect(again.status).toBe(STATUS.CONFLICT);
  });
});

describe('popular chimes and downloads', () => {
  it('lists by downloads, then newest; counts a download once per viewer per day', async () => {
    const person = await newPerson(t);
    const fan = await newPerson(t);
    const first = await share(person, '第一');
    const second = await share(person, '第二');
    const third = await share(person, '第三');

    const once = await fan.api.call(chimeDownload, { id: first.id });
    expect(once.downloads).toBe(1);
    expect(once.url).toMatch(/^\/files\/chimes\/.+\.wav$/);
    expect((await fan.api.call(chimeDownload, { id: first.id })).downloads).toBe(1);
    // A visitor counts by address: once, however often.
    expect((await t.api.call(chimeDownload, { id: first.id })).downloads).toBe(2);
    expect((await t.api.call(chimeDownload, { id: first.id })).downloads).toBe(2);
    await fan.api.call(chimeDownload, { id: second.id });

    const page = await t.api.call(chimePopular, { page: 1, size: 50 });
    const ours = page.map((c) => c.id).filter((id) => [first.id, second.id, third.id].includes(id));
    expect(ours).toEqual([first.id, second.id, third.id]);
    expect(page.find((c) => c.id === first.id)?.downloads).toBe(2);
    // Equal downloads: the newer first.
    const fourth = await share(person, '第四');
    const again = (await t.api.call(chimePopular, { page: 1, size: 50 })).map((c) => c.id);
    expect(again.indexOf(fourth.id)).toBeLessThan(again.indexOf(third.id));
  });

  it('pages the list', async () => {
    await share(await newPerson(t), '分页一');
    await share(await newPerson(t), '分页二');
    const one = await t.api.call(chimePopular, { page: 1, size: 1 });
    const two = await t.api.call(chimePopular, { page: 2, size: 1 });
    expect(one).toHaveLength(1);
    expect(two).toHaveLength(1);
    expect(one[0]?.id).not.toBe(two[0]?.id);
  });

  it('hides a chime whose post its author deleted', async () => {
    const person = await newPerson(t);
    const { id, pid } = await share(person, '会被删');
    await person.api.call(postDelete, { pid });
    expect((await t.api.call(chimePopular, { page: 1, size: 100 })).map((c) => c.id)).not.toContain(id);
    expect((await apiFailure(t.api.call(chimeDetail, { id }))).status).toBe(STATUS.NOT_FOUND);
    expect((await apiFailure(t.api.call(chimeDownload, { id }))).status).toBe(STATUS.NOT_FOUND);
  });

  it('answers not found for an unknown chime', async () => {
    expect((await apiFailure(t.api.call(chimeDetail, { id: 987_654 }))).status).toBe(STATUS.NOT_FOUND);
    expect((await apiFailure(t.api.call(chimeDownload, { id: 987_654 }))).status).toBe(STATUS.NOT_FOUND);
  });
});

describe('POST /api/v1/user/lockchime/delete', () => {
  it("lets the owner delete their chime and its post; someone else's is not found and unchanged", async () => {
    const owner = await newPerson(t);
    const other = await newPerson(t);
    const { id, pid } = await share(owner, '我的锁车音');
    const path = (await t.api.call(chimeDetail, { id })).path;

    const refused = await apiFailure(other.api.call(chimeDelete, { id }));
    expect(refused.status).toBe(STATUS.NOT_FOUND);
    expect((await t.api.call(chimeDetail, { id })).id).toBe(id);
    expect(await t.app.storage.exists(path)).toBe(true);

    expect(await owner.api.call(chimeDelete, { id })).toEqual({ result: true });
    expect((await apiFailure(t.api.call(chimeDetail, { id }))).status).toBe(STATUS.NOT_FOUND);
    expect((await apiFailure(t.api.call(postDetail, { pid }))).status).toBe(STATUS.NOT_FOUND);
    expect(await t.app.storage.exists(path)).toBe(false);
    expect((await apiFailure(owner.api.call(chimeDelete, { id }))).status).toBe(STATUS.NOT_FOUND);
  });

  it('needs login', async () => {
    expect((await apiFailure(t.api.call(chimeDelete, { id: 1 }))).status).toBe(STATUS.NOT_LOGGED_IN);
  });
});
