// GET /api/icons/{collection}.json?icons=a,b as an Iconify client reads it: the real sets
// installed from npm, aliases, not_found, and every request it refuses with Iconify's 404.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ICON_COLLECTIONS, ICON_MAX_NAMES_PER_REQUEST } from '@evcircle/contract';
import type { IconifyJSON } from '@iconify/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { pickIcons } from './icons.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const require = createRequire(import.meta.url);
const mdi = JSON.parse(readFileSync(require.resolve('@iconify-json/mdi/icons.json'), 'utf8')) as IconifyJSON;
const lucide = JSON.parse(readFileSync(require.resolve('@iconify-json/lucide/icons.json'), 'utf8')) as IconifyJSON;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/icons/{collection}.json', () => {
  it('answers the icons of a real set in the Iconify format, cacheable', async () => {
    const response = await get('/api/icons/mdi.json?icons=car-battery,ev-station');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d{5,}/);
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const body = response.json();
    expect(body).toMatchObject({ prefix: 'mdi', width: 24, height: 24 });
    expect(Object.keys(body.icons).sort()).toEqual(['car-battery', 'ev-station']);
    expect(body.icons['car-battery']).toEqual(mdi.icons['car-battery']);
    expect(body.icons['car-battery'].body).toContain('<path');
    expect(body).not.toHaveProperty('not_found');
    expect(body).not.toHaveProperty('aliases');

    const again = await get('/api/icons/mdi.json?icons=car-battery,ev-station', {
      'if-none-match': String(response.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves every set it names, each icon from that set', async () => {
    const samples: Record<(typeof ICON_COLLECTIONS)[number], string> = {
      mdi: 'tire',
      tabler: 'charging-pile',
      lucide: 'plug-zap',
    };
    for (const prefix of ICON_COLLECTIONS) {
      const body = (await get(`/api/icons/${prefix}.json?icons=${samples[prefix]}`)).json();
      expect(body.prefix, prefix).toBe(prefix);
      expect(body.icons[samples[prefix]]?.body, prefix).toMatch(/^<(path|g)/);
    }
  });

  it('answers an alias with the icon it points to, as Iconify does', async () => {
    const [alias, { parent }] = Object.entries(lucide.aliases ?? {})[0] ?? ['', { parent: '' }];
    const body = (await get(`/api/icons/lucide.json?icons=${alias}`)).json();
    expect(body.aliases).toEqual({ [alias]: { parent } });
    expect(body.icons).toEqual({ [parent]: lucide.icons[parent] });
  });

  it('lists unknown names in not_found beside the icons found', async () => {
    const response = await get('/api/icons/mdi.json?icons=car-battery,no-such-icon-here,car-battery');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body.icons)).toEqual(['car-battery']);
    expect(body.not_found).toEqual(['no-such-icon-here']);
  });

  it('answers 404 for a set it does not hold, with no envelope and nothing of the server', async () => {
    for (const url of [
      '/api/icons/fa.json?icons=car',
      '/api/icons/mdi?icons=car',
      '/api/icons/mdi.json.bak?icons=car',
      '/api/icons/__proto__.json?icons=car',
      '/api/icons/constructor.json?icons=car',
      '/api/icons/mdi/car.json?icons=car',
      '/api/icons/..%2F..%2Fpackage.json?icons=car',
      '/api/icons/%2e%2e%2fmdi.json?icons=car',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe('404');
    }
  });

  it('answers 404 for hostile or malformed names instead of failing', async () => {
    const tooMany = Array.from({ length: 10_000 }, (_, i) => `icon-${i}`).join(',');
    for (const query of [
      '',
      'icons=',
      'icons=..%2F..%2Fetc%2Fpasswd',
      'icons=car-battery%00',
      'icons=%00',
      'icons=Car-Battery',
      'icons=car battery',
      'icons=car-battery,,tire',
      'icons=-car',
      'icons=__proto__',
      `icons=${'a'.repeat(65)}`,
      'icons=car-battery&icons=tire',
      `icons=${tooMany}`,
    ]) {
      const response = await get(`/api/icons/mdi.json?${query}`);
      expect(response.statusCode, query.slice(0, 40)).toBe(404);
      expect(response.body, query.slice(0, 40)).toBe('404');
    }
  });

  it('answers the most names a request may hold', async () => {
    const names = Object.keys(mdi.icons).slice(0, ICON_MAX_NAMES_PER_REQUEST);
    const ok = await get(`/api/icons/mdi.json?icons=${names.join(',')}`);
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json().icons)).toHaveLength(ICON_MAX_NAMES_PER_REQUEST);
    const extra = Object.keys(mdi.icons).slice(0, ICON_MAX_NAMES_PER_REQUEST + 1);
    expect((await get(`/api/icons/mdi.json?icons=${extra.join(',')}`)).statusCode).toBe(404);
  });

  it('leaves the envelope to the API beside it', async () => {
    const response = await get('/api/v1/no-such-endpoint');
    expect(response.json()).toMatchObject({ status: expect.any(Number), data: null });
  });
});

describe('pickIcons', () => {
  const set: IconifyJSON = {
    prefix: 'test',
    width: 24,
    height: 24,
    icons: { base: { body: '<path d="M0 0h1"/>' }, wide: { body: '<g/>', width: 32 } },
    aliases: {
      first: { parent: 'base', hFlip: true },
      second: { parent: 'first', rotate: 1 },
      loop: { parent: 'loop-back' },
      'loop-back': { parent: 'loop' },
      dangling: { parent: 'nowhere' },
    },
  };

  it('follows a chain of aliases to its icon and sends the whole chain', () => {
    expect(pickIcons(set, ['second', 'wide'])).toEqual({
      prefix: 'test',
      width: 24,
      height: 24,
      icons: { base: set.icons.base, wide: set.icons.wide },
      aliases: { second: { parent: 'first', rotate: 1 }, first: { parent: 'base', hFlip: true } },
    });
  });

  it('counts a looping or dangling alias as not found', () => {
    expect(pickIcons(set, ['loop', 'dangling', 'toString', 'hasOwnProperty'])).toEqual({
      prefix: 'test',
      width: 24,
      height: 24,
      icons: {},
      not_found: ['loop', 'dangling', 'toString', 'hasOwnProperty'],
    });
  });
});
