import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@evcircle/contract';
import { type SmsLog, type SmsMessage, type SmsProvider, smsText } from './types.ts';

/** Where the console provider appends its messages, one JSON object a line. */
export function smsOutboxFile(dataDir: string): string {
  return path.join(dataDir, 'outbox', 'sms.jsonl');
}

/** One line of the outbox file. */
export type OutboxLine = { at: string; acode: string; mobile: string; code: string; text: string };

/**
 * The no-set-up provider: nothing leaves the machine. Each message is logged and
 * appended to `DATA_DIR/outbox/sms.jsonl`, where a developer (or the e2e tests) reads
 * the code. A message that cannot be written is a failure like any provider's.
 */
export function createConsoleSmsProvider(options: { dataDir: string; log: SmsLog; now?: () => Date }): SmsProvider {
  const file = smsOutboxFile(options.dataDir);
  const now = options.now ?? (() => new Date());
  return {
    kind: 'console',
    async send({ acode, mobile, code }: SmsMessage) {
      const line: OutboxLine = { at: now().toISOString(), acode, mobile, code, text: smsText(code) };
      try {
        await mkdir(path.dirname(file), { recursive: true });
        // One write of one line: concurrent appends never interleave inside a line.
        await appendFile(file, `${JSON.stringify(line)}\n`, 'utf8');
      } catch (err) {
        options.log.error({ err, file }, 'sms outbox not writable');
        throw new AppError('SMS_SEND_FAILED');
      }
      options.log.info(
        { acode, mobile, code, outbox: file },
        'sms (console provider): login code written to the outbox',
      );
    },
  };
}
