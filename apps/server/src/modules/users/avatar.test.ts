import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { STATUS, uploadAvatar, userInfo } from '@evcircle/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFailure } from '../../../test/api-failure.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUser } from '../../../test/factories/users.ts';
import { loginAs } from '../../../test/login-as.ts';
import { pngHeaderClaiming } from '../../../test/test-media.ts';
import { localStorageOf } from '../../platform/storage/index.ts';
import { users } from '../accounts/accounts.tables.ts';
import { AVATAR_MAX_BYTES, isOwnAvatarKey, renderAvatar } from '../accounts/avatar.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A PNG photo carrying EXIF with a camera make and a GPS position (Beijing). */
async function pngWithGps(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a8f6a' } })
    .png()
    .withExif({
      IFD0: { Make: 'EvCircleCam', Copyright: 'private' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '39/1 54/1 2714/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '116/1 23/1 2928/100',
      },
    })
    .toBuffer();
}

function form(data: Buffer, name = 'photo.png', type = 'image/png', field = 'file'): FormData {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(data)], { type }), name);
  return body;
}

async function avatarOf(id: number): Promise<string> {
  const [row] = await t.app.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, id));
  return row?.avatar ?? '';
}

async function storedAvatars(): Promise<string[]> {
  const dir = path.join(localStorageOf(t.app.storage).filesDir, 'avatars');
  return readdir(dir).catch(() => []);
}

describe('POST /api/v1/user/info/avatar', () => {
  it('stores a square WebP without EXIF or GPS and points the account at it', async () => {
    const user = await createUser(t.app.db, { avatar: '' });
    const { api } = await loginAs(t, user.id);
    const photo = await pngWithGps(900, 600);
    // The fixture really carries the GPS block the upload must lose.
    const source = await sharp(photo).metadata();
    expect(source.exif?.toString('latin1')).toContain('EvCircleCam');

    const answer = await api.call(uploadAvatar, form(photo));
    expect(answer.path).toMatch(/^avatars\/\d+-[0-9a-f]{16}\.webp$/);
    expect(answer.url).toBe(`/files/${answer.path}`);
    expect(await avatarOf(user.id)).toBe(answer.path);
    expect((await t.api.call(userInfo, { uid: user.id })).avatar).toBe(answer.path);

    const stored = await t.app.storage.get(answer.path);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('EvCircleCam');
    expect(stored.toString('latin1')).not.toContain('Exif');

    const served = await t.app.inject({ url: answer.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('makes small pictures 256 px and keeps sizes between as they are', async () => {
    expect(await sharp(await renderAvatar(await pngWithGps(100, 80))).metadata()).toMatchObject({
      width: 256,
      height: 256,
    });
    expect(await sharp(await renderAvatar(await pngWithGps(300, 400))).metadata()).toMatchObject({
      width: 300,
      height: 300,
    });
  });

  it('accepts a JPEG sent under a wrong name and type: the bytes decide', async () => {
    const user = await createUser(t.app.db);
    const { api } = await loginAs(t, user.id);
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const answer = await api.call(uploadAvatar, form(jpeg, 'notes.txt', 'text/plain'));
    expect(await avatarOf(user.id)).toBe(answer.path);
  });

  it('removes the previous uploaded avatar, but never a seeded one', async () => {
    const seeded = 'seed/avatars/shared.png';
    await t.app.storage.put(seeded, await pngWithGps(64, 64), 'image/png');
    const user = await createUser(t.app.db, { avatar: seeded });
    const { api } = await loginAs(t, user.id);

    const first = await api.call(uploadAvatar, form(await pngWithGps(600, 600)));
    expect(await t.app.storage.exists(seeded)).toBe(true);
    const second = await api.call(uploadAvatar, form(await pngWithGps(700, 500)));
    expect(second.path).not.toBe(first.path);
    expect(await t.app.storage.exists(first.path)).toBe(false);
    expect(await t.app.storage.exists(second.path)).toBe(true);
    expect(await avatarOf(user.id)).toBe(second.path);
    expect(isOwnAvatarKey(user.id, second.path)).toBe(true);
    expect(isOwnAvatarKey(user.id + 1, second.path)).toBe(false);
  });

  it('refuses a text file renamed to .jpg, changing nothing', async () => {
    const user = await createUser(t.app.db, { avatar: 'seed/avatars/1.png' });
    const { api } = await loginAs(t, user.id);
    const before = await storedAvatars();
    const error = await apiFailure(
      api.call(uploadAvatar, form(Buffer.from('我不是图片\n'.repeat(50)), 'a.jpg', 'image/jpeg')),
    );
    expect(error).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '文件不是有效的图片，请上传 JPG、PNG、WebP、GIF 或 AVIF 图片',
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await apiFailure(api.call(uploadAvatar, form(svg, 'a.svg', 'image/svg+xml')))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
    // A real PNG signature with a corrupt body.
    const truncated = (await pngWithGps(300, 300)).subarray(0, 120);
    expect(await apiFailure(api.call(uploadAvatar, form(truncated)))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
    });
    expect(await avatarOf(user.id)).toBe('seed/avatars/1.png');
    expect(await storedAvatars()).toEqual(before);
  });

  it('refuses files over 10 MB with 4013', async () => {
    const user = await createUser(t.app.db);
    const { api } = await loginAs(t, user.id);
    const big = Buffer.alloc(AVATAR_MAX_BYTES + 1, 1);
    expect(await apiFailure(api.call(uploadAvatar, form(big)))).toMatchObject({
      status: STATUS.PAYLOAD_TOO_LARGE,
      message: '文件过大，不能超过 10 MB',
    });
    expect(await avatarOf(user.id)).toBe('');
  });

  it('refuses pictures above 40 megapixels before decoding them', async () => {
    const user = await createUser(t.app.db);
    const { api } = await loginAs(t, user.id);
    expect(await apiFailure(api.call(uploadAvatar, form(pngHeaderClaiming(8000, 6000))))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '图片尺寸过大（超过 4000 万像素），无法处理',
    });
  });

  it('asks for a file when none is sent in the field `file`', async () => {
    const user = await createUser(t.app.db);
    const { api } = await loginAs(t, user.id);
    const wrongField = form(await pngWithGps(300, 300), 'a.png', 'image/png', 'image');
    expect(await apiFailure(api.call(uploadAvatar, wrongField))).toMatchObject({
      status: STATUS.VALIDATION_FAILED,
      message: '请选择要上传的文件',
    });
    expect(await apiFailure(api.call(uploadAvatar, {}))).toMatchObject({ message: '请选择要上传的文件' });
    const onlyText = new FormData();
    onlyText.append('note', 'hello');
    expect(await apiFailure(api.call(uploadAvatar, onlyText))).toMatchObject({ message: '请选择要上传的文件' });
  });

  it('answers 2011 without login', async () => {
    expect(await apiFailure(t.api.call(uploadAvatar, form(await pngWithGps(300, 300))))).toMatchObject({
      status: STATUS.NOT_LOGGED_IN,
    });
  });

  it('removes the new file when the database update fails', async () => {
    const user = await createUser(t.app.db, { avatar: 'seed/avatars/2.png' });
    const { api } = await loginAs(t, user.id);
    const before = await storedAvatars();
    const transaction = vi.spyOn(t.app.db, 'transaction').mockRejectedValueOnce(new Error('database went away'));
    try {
      expect(await apiFailure(api.call(uploadAvatar, form(await pngWithGps(300, 300))))).toMatchObject({
        status: STATUS.SERVER_ERROR,
      });
      expect(transaction).toHaveBeenCalledTimes(1);
    } finally {
      transaction.mockRestore();
    }
    expect(await storedAvatars()).toEqual(before);
    expect(await avatarOf(user.id)).toBe('seed/avatars/2.png');
  });
});
