import { STATUS } from './status.ts';

/** Every API answer: HTTP 200 with `{status, data, message}`; `status` 200 is success. */
export type Envelope<T> = { status: number; data: T; message: string };

export function ok<T>(data: T): Envelope<T> {
  return { status: STATUS.SUCCESS, data, message: 'success' };
}

export function fail(status: number, message: string, data: unknown = null): Envelope<unknown> {
  return { status, data, message };
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'number' &&
    'data' in value &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
