// The properties every fuzzed answer must keep: no HTTP 5xx, no envelope 5000, a readable
// envelope, and nothing of the server's insides (a stack trace, SQL) in the body.
import { STATUS } from '@evcircle/contract';
import type { FuzzAnswer } from './call.ts';

/** Text that only a leaked stack trace or database error would put in an answer. */
export const LEAK_PATTERNS = [
  '    at ',
  '.ts:',
  'node_modules',
  'select ',
  'insert into',
  'syntax error',
  'relation "',
  'violates',
] as const;

/** Every string (keys too) in a parsed JSON value, walked without recursion. */
function stringsOf(value: unknown): string[] {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') out.push(next);
    else if (Array.isArray(next)) stack.push(...next);
    else if (typeof next === 'object' && next !== null) {
      for (const [key, child] of Object.entries(next)) stack.push(key, child);
    }
  }
  return out;
}

/** The URL as its parameters read (`+` and %-escapes decoded), to compare with the answer's text. */
function readableUrl(url: string): string {
  const spaced = url.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** What is wrong with `answer`, or null. A leak word the request itself carried does not count. */
export function answerProblem(answer: FuzzAnswer): string | null {
  if (answer.httpStatus >= 500) return `HTTP ${answer.httpStatus}`;
  let envelope: { status?: unknown; message?: unknown };
  try {
    envelope = JSON.parse(answer.body);
  } catch {
    return `not JSON (HTTP ${answer.httpStatus})`;
  }
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.status !== 'number') {
    return 'not an envelope';
  }
  if (envelope.status === STATUS.SERVER_ERROR) return 'envelope status 5000';
  if (envelope.status !== STATUS.SUCCESS && (typeof envelope.message !== 'string' || envelope.message === '')) {
    return `status ${envelope.status} without a message`;
  }
  // The answer's strings as read, not as JSON escapes them (`relation "x"` is `relation \"x\"` in the body).
  const text = stringsOf(envelope).join('\n');
  const request = `${readableUrl(answer.url)}\n${answer.sent}`;
  for (const pattern of LEAK_PATTERNS) {
    if (text.includes(pattern) && !request.includes(pattern)) return `leaks ${JSON.stringify(pattern)}`;
  }
  return null;
}
