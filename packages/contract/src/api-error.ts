/** A failed call: HTTP errors, non-200 envelopes. `status` is the envelope status or the HTTP code. */
export class ApiError extends Error {
  readonly status: number;
  readonly httpStatus: number;
  readonly data: unknown;
  constructor(message: string, status: number, httpStatus: number, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.httpStatus = httpStatus;
    this.data = data;
  }
}
