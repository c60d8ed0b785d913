// The fuzz's verdict on one answer (answer-checks.ts): each property it guards can fail.
import { describe, expect, it } from 'vitest';
import { answerProblem } from './answer-checks.ts';

const answer = (body: string, httpStatus = 200, sent = '') => ({ httpStatus, body, url: '/api/v1/x?a=1', sent });

describe('answerProblem', () => {
  it('passes a success and a refusal with a message', () => {
    expect(answerProblem(answer('{"status":200,"data":[],"message":"success"}'))).toBeNull();
    expect(answerProblem(answer('{"status":4000,"data":null,"message":"参数错误：页码须为数字"}'))).toBeNull();
  });

  it('flags an HTTP 5xx, status 5000, a body that is no envelope and a refusal without a message', () => {
    expect(answerProblem(answer('{"status":200}', 502))).toBe('HTTP 502');
    expect(answerProblem(answer('{"status":5000,"data":null,"message":"服务器开小差了"}'))).toBe(
      'envelope status 5000',
    );
    expect(answerProblem(answer('Bad request', 400))).toBe('not JSON (HTTP 400)');
    expect(answerProblem(answer('{"error":"Bad Request"}', 414))).toBe('not an envelope');
    expect(answerProblem(answer('{"status":4000,"data":null,"message":""}'))).toBe('status 4000 without a message');
  });

  it('flags a stack trace or SQL text, unless the request itself carried it', () => {
    const trace = '{"status":4000,"data":null,"message":"Error\\n    at handler (posts.service.ts:12:3)"}';
    expect(answerProblem(answer(trace))).toBe('leaks "    at "');
    const sql = '{"status":4004,"data":null,"message":"relation \\"posts\\" does not exist"}';
    expect(answerProblem(answer(sql))).toBe('leaks "relation \\""');
    const echoed = '{"status":200,"data":{"content":"insert into my diary"},"message":"success"}';
    expect(answerProblem(answer(echoed, 200, '{"content":"insert into my diary"}'))).toBeNull();
  });
});
