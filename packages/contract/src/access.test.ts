import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectedStatus, objectIdFields, takesObjectId } from './access.ts';
import { defineEndpoint } from './endpoint.ts';
import { endpoints } from './registry.ts';
import { STATUS } from './status.ts';

const declare = (method: 'GET' | 'POST', path: string, fields: Record<string, z.ZodType>) =>
  defineEndpoint({
    method,
    path,
    ...(method === 'GET' ? { query: z.object(fields) } : { body: z.object(fields) }),
    data: z.null(),
    auth: 'user',
    summary: 'test',
  });

describe('objectIdFields', () => {
  it('finds ids, short ids, *_id and *_ids in the query or body, and :params of the path', () => {
    const s = z.string();
    expect(objectIdFields(declare('GET', '/x', { id: s, page: s }))).toEqual(['id']);
    expect(objectIdFields(declare('POST', '/x', { pid: s, cid: s, cids: s, apids: s, content: s }))).toEqual([
      'pid',
      'cid',
      'cids',
      'apids',
    ]);
    expect(objectIdFields(declare('POST', '/x', { order_id: s, receiver_ids: s }))).toEqual([
      'order_id',
      'receiver_ids',
    ]);
    expect(objectIdFields(declare('GET', '/x/:id', {}))).toEqual(['id']);
    // The body of a POST is what counts, not a stray query schema.
    expect(objectIdFields({ method: 'POST', path: '/x', query: z.object({ id: s }), body: z.object({}) })).toEqual([]);
  });

  it('looks through refinements and transforms of the object', () => {
    const s = z.string();
    const refined = z.object({ job_id: s }).refine(() => true);
    const piped = z.object({ uid: s }).transform((v) => v);
    expect(objectIdFields({ method: 'POST', path: '/x', body: refined })).toEqual(['job_id']);
    expect(objectIdFields({ method: 'GET', path: '/x', query: piped })).toEqual(['uid']);
  });

  it('leaves alone words that end in "id" and server-issued tickets', () => {
    const s = z.string();
    const endpoint = declare('POST', '/x', {
      paid: s,
      valid: s,
      challengeId: s,
      uploadToken: s,
      scanCode: s,
      trade_no: s,
      word: s,
    });
    expect(takesObjectId(endpoint)).toBe(false);
    expect(takesObjectId(declare('GET', '/x', {}))).toBe(false);
  });
});

describe('the contract’s access declarations', () => {
  it('every endpoint that takes an object id declares whose object it is', () => {
    const missing = endpoints
      .filter((e) => takesObjectId(e) && !e.access)
      .map((e) => `${e.method} ${e.path} (${objectIdFields(e).join(', ')})`);
    expect(missing, 'declare `access` next to these endpoints (packages/contract/src/access.ts)').toEqual([]);
  });

  it('only endpoints that take an object id declare one (a stale declaration is noise)', () => {
    const stray = endpoints.filter((e) => e.access && !takesObjectId(e)).map((e) => `${e.method} ${e.path}`);
    expect(stray).toEqual([]);
  });

  it('an admin-only rule is declared on admin endpoints, and admin endpoints declare it', () => {
    const wrong = endpoints
      .filter((e) => e.access && (e.access.rule === 'admin') !== (e.auth === 'admin'))
      .map((e) => `${e.method} ${e.path}`);
    expect(wrong).toEqual([]);
  });
});

describe('expectedStatus', () => {
  it('answers not logged in to an anonymous caller of an endpoint that needs login, whatever the rule', () => {
    expect(expectedStatus('user', { rule: 'public' }, 'anonymous')).toBe(STATUS.NOT_LOGGED_IN);
    expect(expectedStatus('admin', { rule: 'admin' }, 'anonymous')).toBe(STATUS.NOT_LOGGED_IN);
  });

  it('follows the rule for everyone else', () => {
    expect(expectedStatus('optional', { rule: 'public' }, 'anonymous')).toBe(STATUS.SUCCESS);
    expect(expectedStatus('user', { rule: 'person' }, 'intruder')).toBe(STATUS.SUCCESS);
    expect(expectedStatus('admin', { rule: 'admin' }, 'intruder')).toBe(STATUS.FORBIDDEN);
    expect(expectedStatus('user', { rule: 'owner', others: 'NOT_FOUND' }, 'intruder')).toBe(STATUS.NOT_FOUND);
    expect(expectedStatus('none', { rule: 'member', others: 'FORBIDDEN' }, 'anonymous')).toBe(STATUS.FORBIDDEN);
  });
});
