// Calling a vendor's HTTP API (SMS, maps, and the payment and AI providers to come):
// one GET of a JSON answer within a time limit. A request that never answers (network,
// DNS, timeout) is logged and becomes the caller's app error; an answer, whatever its
// status, is the caller's to judge (and to log with its own words).
import { AppError, type ErrorCode } from '@evcircle/contract';
import type { FastifyBaseLogger } from 'fastify';

export type VendorAnswer<T> = {
  status: number;
  /** The body parsed, when it is a JSON object; null otherwise. */
  answer: T | null;
  /** The raw body (log a slice of it when `answer` is null). */
  body: string;
};

export type VendorGet = {
  fetch: typeof fetch;
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** What the log line names (`aliyun sms`, `amap place search`). */
  label: string;
  /** Fields every log line of this call carries. */
  context: Record<string, unknown>;
  /** The error the caller answers when the vendor cannot be reached. */
  failure: ErrorCode;
};

/** GETs `url` and reads its JSON answer; unreachable → logged, then `failure` thrown. */
export async function getVendorJson<T>(url: string, options: VendorGet): Promise<VendorAnswer<T>> {
  let status: number;
  let body: string;
  try {
    const response = await options.fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = response.status;
    body = await response.text();
  } catch (err) {
    options.log.error({ ...options.context, err }, `${options.label}: request failed`);
    throw new AppError(options.failure);
  }
  let answer: T | null = null;
  try {
    const parsed: unknown = JSON.parse(body);
    answer = typeof parsed === 'object' && parsed !== null ? (parsed as T) : null;
  } catch {
    answer = null;
  }
  return { status, answer, body };
}
