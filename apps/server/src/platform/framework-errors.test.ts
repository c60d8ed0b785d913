// URLs Fastify's router refuses before any route runs (framework-errors.ts): the envelope
// on API paths, a plain 400/414 elsewhere. Found by the contract fuzzing (issue 22).
import { STATUS } from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signedUrl } from '../../test/signed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('URLs the router refuses', () => {
  it.each([
    ['a path param past maxParamLength', `/api/v1/ai/nearby/team-members/${'9'.repeat(300)}`],
    ['a malformed %-escape in a path param', '/api/v1/ai/nearby/team-members/%E4%B8'],
    ['a %-escape of a lone surrogate', '/api/v1/ai/nearby/team-members/%ED%A0%80'],
  ])('answers %s on an API path with the validation envelope', async (_what, path) => {
    const res = await t.app.inject({ method: 'GET', url: signedUrl(path, t.config.API_SIGN_SECRET) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ status: STATUS.VALIDATION_FAILED, data: null, message: '参数错误：请求路径不正确' });
  });

  it('keeps a plain HTTP refusal outside the API', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/files/%E4%B8' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('Bad request');
  });
});
