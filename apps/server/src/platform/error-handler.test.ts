import { AppError, ok, STATUS } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signedUrl } from '../../test/signed.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ BODY_LIMIT_BYTES: 1024 });
  t.app.post('/api/v1/test/echo', async (request) => ok(request.body));
  t.app.get('/api/v1/test/boom', async () => {
    throw new Error('connection to db-internal-7 refused: password=hunter2');
  });
  t.app.get('/api/v1/test/forbidden', async () => {
    throw new AppError('FORBIDDEN');
  });
  t.app.get('/api/v1/test/zod', async () => z.object({ uid: z.number({ error: '须为数字' }) }).parse({ uid: 'x' }));
});
afterAll(() => t.close());

type Envelope = { status: number; data: unknown; message: string };

async function call(
  method: 'GET' | 'POST',
  path: string,
  init: { payload?: string; contentType?: string } = {},
): Promise<Envelope> {
  const res = await t.app.inject({
    method,
    url: signedUrl(path, t.config.API_SIGN_SECRET),
    payload: init.payload,
    headers: init.contentType ? { 'content-type': init.contentType } : {},
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Envelope;
  expect(Object.keys(body).sort()).toEqual(['data', 'message', 'status']);
  return body;
}

describe('error handler', () => {
  it('answers malformed JSON with the envelope', async () => {
    const res = await call('POST', '/api/v1/test/echo', { payload: '{"content": ', contentType: 'application/json' });
    expect(res).toEqual({ status: STATUS.VALIDATION_FAILED, data: null, message: '请求格式错误，无法解析' });
  });

  it('answers an empty JSON body with the envelope', async () => {
    const res = await call('POST', '/api/v1/test/echo', { payload: '', contentType: 'application/json' });
    expect(res.message).toBe('请求格式错误，无法解析');
  });

  it('answers an oversized body with PAYLOAD_TOO_LARGE', async () => {
    const payload = JSON.stringify({ content: '长'.repeat(2000) });
    const res = await call('POST', '/api/v1/test/echo', { payload, contentType: 'application/json' });
    expect(res).toEqual({ status: STATUS.PAYLOAD_TOO_LARGE, data: null, message: '请求内容过大' });
  });

  it('answers an unsupported content type with the envelope', async () => {
    const res = await call('POST', '/api/v1/test/echo', { payload: '<a/>', contentType: 'application/xml' });
    expect(res).toEqual({ status: STATUS.VALIDATION_FAILED, data: null, message: '不支持的请求格式' });
  });

  it('answers an unknown API path with API_NOT_FOUND', async () => {
    expect(await call('GET', '/api/v1/no/such/thing')).toEqual({
      status: STATUS.NOT_FOUND,
      data: null,
      message: '接口不存在',
    });
    expect((await call('POST', '/api/v2/anything')).message).toBe('接口不存在');
    expect((await call('GET', '/pub/nothing')).message).toBe('接口不存在');
  });

  it('answers an unknown file with FILE_NOT_FOUND', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/no/such/file.jpg' });
    expect(res.json()).toEqual({ status: STATUS.NOT_FOUND, data: null, message: '文件不存在' });
  });

  it('answers a plain 404 for other paths when the web is not served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('hides a thrown error behind SERVER_ERROR, without stack or detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: signedUrl('/api/v1/test/boom', t.config.API_SIGN_SECRET) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: STATUS.SERVER_ERROR, data: null, message: '服务器开小差了，请稍后再试' });
    expect(res.body).not.toMatch(/hunter2|db-internal|Error|at .*\.ts/);
  });

  it('maps an AppError to its status and zh-CN message', async () => {
    expect(await call('GET', '/api/v1/test/forbidden')).toEqual({
      status: STATUS.FORBIDDEN,
      data: null,
      message: '无权进行此操作',
    });
  });

  it('maps a zod error to VALIDATION_FAILED naming the field', async () => {
    expect(await call('GET', '/api/v1/test/zod')).toEqual({
      status: STATUS.VALIDATION_FAILED,
      data: null,
      message: '参数错误：uid 须为数字',
    });
  });
});
