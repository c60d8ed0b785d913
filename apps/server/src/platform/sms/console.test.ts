import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@evcircle/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConsoleSmsProvider, type OutboxLine, smsOutboxFile } from './console.ts';
import type { SmsLog } from './types.ts';

const silent = { info() {}, warn() {}, error() {} } as unknown as SmsLog;
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'evcircle-sms-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('console sms provider', () => {
  it('appends one JSON line per message to DATA_DIR/outbox/sms.jsonl', async () => {
    const at = new Date('2026-11-22T08:00:00Z');
    const sms = createConsoleSmsProvider({ dataDir, log: silent, now: () => at });
    await sms.send({ acode: '86', mobile: '13800138000', code: '0427' });
    await sms.send({ acode: '852', mobile: '91234567', code: '9981' });
    const lines = (await readFile(path.join(dataDir, 'outbox', 'sms.jsonl'), 'utf8')).trimEnd().split('\n');
    const parsed = lines.map((line) => JSON.parse(line) as OutboxLine);
    expect(parsed).toHaveLength(2);
    expect(parsed[0]).toMatchObject({ at: at.toISOString(), acode: '86', mobile: '13800138000', code: '0427' });
    expect(parsed[0]?.text).toContain('0427');
    expect(parsed[1]).toMatchObject({ acode: '852', mobile: '91234567', code: '9981' });
    expect(smsOutboxFile(dataDir)).toBe(path.join(dataDir, 'outbox', 'sms.jsonl'));
  });

  it('fails (never pretends) when the outbox cannot be written', async () => {
    // A file where the outbox directory should be.
    await writeFile(path.join(dataDir, 'outbox'), 'not a directory');
    const sms = createConsoleSmsProvider({ dataDir, log: silent });
    const error = await sms.send({ acode: '86', mobile: '13800138000', code: '1111' }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'SMS_SEND_FAILED' });
  });
});
