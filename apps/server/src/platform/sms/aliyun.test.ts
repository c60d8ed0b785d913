import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appFailure } from '../../../test/api-failure.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { aliyunSignature, createAliyunSmsProvider } from './aliyun.ts';
import { createSmsProvider } from './index.ts';
import type { SmsLog } from './types.ts';

const KEY_ID = 'LTAI-test-key';
const KEY_SECRET = 'test-secret/with+odd*chars';
// Parentheses: characters encodeURIComponent leaves alone but Aliyun's encoding escapes.
const SIGN_NAME = '车友圈(测试)';
const TEMPLATE = 'SMS_123456789';

/**
 * Written apart from the adapter on purpose, byte by byte from Aliyun's rule
 * (RFC 3986 unreserved characters stay, everything else is %XX of its UTF-8 bytes), so
 * a mistake in the adapter's encoding cannot hide behind the same mistake here.
 */
function rfc3986(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function expectedSignature(params: Map<string, string>, secret: string, method: string): string {
  const canonical = [...params.keys()]
    .sort()
    .map((key) => `${rfc3986(key)}=${rfc3986(params.get(key) as string)}`)
    .join('&');
  const stringToSign = `${method}&${rfc3986('/')}&${rfc3986(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

type Mode = 'ok' | 'flow-control' | 'http-500' | 'hang';
type Received = { phone: string; code: string; signName: string; templateCode: string };

/**
 * A local stand-in for dysmsapi.aliyuncs.com: it checks what Aliyun checks (required
 * parameters, version, timestamp window, nonce reuse, access key, the signature
 * recomputed from the query) and answers like Aliyun, with JSON bodies.
 */
function startFakeAliyun() {
  const received: Received[] = [];
  const nonces = new Set<string>();
  const state = { mode: 'ok' as Mode };
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: Record<string, unknown>) => {
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify({ RequestId: 'FAKE-REQUEST', ...body }));
    };
    if (state.mode === 'hang') return; // never answers
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'GET' || url.pathname !== '/') return answer(404, { Code: 'InvalidAction.NotFound' });
    const params = new Map(url.searchParams);
    const signature = params.get('Signature');
    params.delete('Signature');
    const required = [
      'AccessKeyId',
      'Action',
      'Format',
      'PhoneNumbers',
      'SignName',
      'SignatureMethod',
      'SignatureNonce',
      'SignatureVersion',
      'TemplateCode',
      'Timestamp',
      'Version',
    ];
    const missing = required.find((name) => !params.get(name));
    if (missing || !signature) {
      return answer(400, { Code: 'MissingParameter', Message: `${missing ?? 'Signature'} is mandatory` });
    }
    if (params.get('Action') !== 'SendSms' || params.get('Version') !== '2017-05-25') {
      return answer(400, { Code: 'InvalidVersion' });
    }
    if (params.get('SignatureMethod') !== 'HMAC-SHA1' || params.get('SignatureVersion') !== '1.0') {
      return answer(400, { Code: 'InvalidSignatureMethod' });
    }
    const timestamp = params.get('Timestamp') as string;
    if (
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(timestamp) ||
      Math.abs(Date.parse(timestamp) - Date.now()) > 15 * 60_000
    ) {
      return answer(400, { Code: 'InvalidTimeStamp.Expired' });
    }
    if (params.get('AccessKeyId') !== KEY_ID) return answer(404, { Code: 'InvalidAccessKeyId.NotFound' });
    if (signature !== expectedSignature(params, KEY_SECRET, 'GET')) {
      return answer(400, {
        Code: 'SignatureDoesNotMatch',
        Message: 'Specified signature is not matched with our calculation.',
      });
    }
    const nonce = params.get('SignatureNonce') as string;
    if (nonces.has(nonce)) return answer(400, { Code: 'SignatureNonceUsed' });
    nonces.add(nonce);
    let template: { code?: unknown };
    try {
      template = JSON.parse(params.get('TemplateParam') ?? '');
    } catch {
      return answer(200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法' });
    }
    if (state.mode === 'http-500')
      return answer(500, {
        Code: 'InternalError',
        Message: 'The request processing has failed due to some unknown error.',
      });
    if (state.mode === 'flow-control') {
      return answer(200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1' });
    }
    received.push({
      phone: params.get('PhoneNumbers') as string,
      code: String(template.code),
      signName: params.get('SignName') as string,
      templateCode: params.get('TemplateCode') as string,
    });
    return answer(200, { Code: 'OK', Message: 'OK', BizId: `biz-${received.length}` });
  });
  return { server, received, state };
}

type LogEntry = { level: string; fields: Record<string, unknown> };
function recordingLog(entries: LogEntry[]): SmsLog {
  const at = (level: string) => (fields: unknown) => {
    entries.push({ level, fields: fields as Record<string, unknown> });
  };
  return { info: at('info'), warn: at('warn'), error: at('error') } as unknown as SmsLog;
}

let fake: ReturnType<typeof startFakeAliyun>;
let endpoint: string;
const logs: LogEntry[] = [];

beforeAll(async () => {
  fake = startFakeAliyun();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fake.server.closeAllConnections();
  await new Promise((resolve) => fake.server.close(resolve));
});
beforeEach(() => {
  fake.state.mode = 'ok';
  fake.received.length = 0;
  logs.length = 0;
});

function provider(overrides: { secret?: string; timeoutMs?: number } = {}) {
  return createAliyunSmsProvider({
    accessKeyId: KEY_ID,
    accessKeySecret: overrides.secret ?? KEY_SECRET,
    signName: SIGN_NAME,
    templateCode: TEMPLATE,
    endpoint,
    timeoutMs: overrides.timeoutMs,
    log: recordingLog(logs),
  });
}

describe('aliyun sms adapter', () => {
  it("signs exactly like Aliyun's published SendSms example", () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunSignature(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('sends a mainland code that the fake accepts after checking the signature', async () => {
    await provider().send({ acode: '86', mobile: '13800138000', code: '0427' });
    expect(fake.received).toEqual([
      { phone: '13800138000', code: '0427', signName: SIGN_NAME, templateCode: TEMPLATE },
    ]);
  });

  it('puts the area code in front of a foreign number, and a fresh nonce on every call', async () => {
    const sms = provider();
    await sms.send({ acode: '852', mobile: '91234567', code: '1234' });
    await sms.send({ acode: '852', mobile: '91234567', code: '5678' });
    expect(fake.received.map((r) => [r.phone, r.code])).toEqual([
      ['85291234567', '1234'],
      ['85291234567', '5678'],
    ]);
  });

  it('fails on a business error such as flow control, and logs Aliyun’s code', async () => {
    fake.state.mode = 'flow-control';
    const error = await appFailure(provider().send({ acode: '86', mobile: '13800138000', code: '1111' }));
    expect(error.code).toBe('SMS_SEND_FAILED');
    expect(logs.some((l) => l.level === 'error' && l.fields.code === 'isv.BUSINESS_LIMIT_CONTROL')).toBe(true);
  });

  it('fails on HTTP 500', async () => {
    fake.state.mode = 'http-500';
    const error = await appFailure(provider().send({ acode: '86', mobile: '13800138000', code: '1111' }));
    expect(error.code).toBe('SMS_SEND_FAILED');
    expect(logs.some((l) => l.fields.httpStatus === 500)).toBe(true);
  });

  it('fails when the fake rejects the signature (wrong secret), and nothing is sent', async () => {
    const error = await appFailure(
      provider({ secret: 'not-the-secret' }).send({ acode: '86', mobile: '13800138000', code: '1111' }),
    );
    expect(error.code).toBe('SMS_SEND_FAILED');
    expect(fake.received).toEqual([]);
    expect(logs.some((l) => l.fields.code === 'SignatureDoesNotMatch')).toBe(true);
  });

  it('fails when Aliyun does not answer in time', async () => {
    fake.state.mode = 'hang';
    const started = Date.now();
    const error = await appFailure(
      provider({ timeoutMs: 300 }).send({ acode: '86', mobile: '13800138000', code: '1111' }),
    );
    expect(error.code).toBe('SMS_SEND_FAILED');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('fails when nothing listens at the endpoint', async () => {
    const sms = createAliyunSmsProvider({
      accessKeyId: KEY_ID,
      accessKeySecret: KEY_SECRET,
      signName: SIGN_NAME,
      templateCode: TEMPLATE,
      endpoint: 'http://127.0.0.1:9',
      log: recordingLog(logs),
    });
    const error = await appFailure(sms.send({ acode: '86', mobile: '13800138000', code: '1111' }));
    expect(error.code).toBe('SMS_SEND_FAILED');
  });
});

describe('sms configuration', () => {
  it('uses the console provider by default', () => {
    const config = loadConfig({});
    expect(config.SMS_PROVIDER).toBe('console');
    expect(createSmsProvider(config, recordingLog(logs)).kind).toBe('console');
  });

  it('refuses to start with SMS_PROVIDER=aliyun and no keys, naming every missing variable', () => {
    const error = (() => {
      try {
        loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_SIGN_NAME: '车友圈', PORT: 'not-a-port' });
      } catch (err) {
        return err;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const variables = (error as ConfigError).issues.map((i) => i.variable);
    expect(variables).toEqual(
      expect.arrayContaining([
        'PORT',
        'ALIYUN_SMS_ACCESS_KEY_ID',
        'ALIYUN_SMS_ACCESS_KEY_SECRET',
        'ALIYUN_SMS_TEMPLATE_CODE',
      ]),
    );
    expect(variables).not.toContain('ALIYUN_SMS_SIGN_NAME');
    expect((error as ConfigError).message).toContain('must be set when SMS_PROVIDER=aliyun');
  });

  it('builds the aliyun provider from complete configuration', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: KEY_ID,
      ALIYUN_SMS_ACCESS_KEY_SECRET: KEY_SECRET,
      ALIYUN_SMS_SIGN_NAME: SIGN_NAME,
      ALIYUN_SMS_TEMPLATE_CODE: TEMPLATE,
    });
    expect(config.ALIYUN_SMS_ENDPOINT).toBe('https://dysmsapi.aliyuncs.com');
    expect(createSmsProvider(config, recordingLog(logs)).kind).toBe('aliyun');
  });
});
