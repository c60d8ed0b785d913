export { COMMON_ERRORS } from './common-errors.ts';

import { COMMON_ERRORS } from './common-errors.ts';
import * as domains from './domains.ts';
import { formatMessage } from './messages.ts';
import type { ErrorDef, StatusCode } from './status.ts';

type Domains = typeof domains;
type DomainErrorName = { [K in keyof Domains]: K extends `${string}Errors` ? K : never }[keyof Domains];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * Every error the server can answer with: a stable code, its envelope status and the
 * zh-CN message shown to the user. `{name}` placeholders are filled from the error's
 * params. Services throw `new AppError('CODE')`; only the error handler turns it into
 * an envelope. Built from COMMON_ERRORS and every `<domain>Errors` the domains export.
 */
export const ERRORS = Object.assign(
  {},
  COMMON_ERRORS,
  ...Object.entries(domains)
    .filter(([name]) => name.endsWith('Errors'))
    .map(([, errors]) => errors as Record<string, ErrorDef>),
) as typeof COMMON_ERRORS & UnionToIntersection<Domains[DomainErrorName]>;

export type ErrorCode = keyof typeof ERRORS;

/** The error every service throws; the server's one error handler maps it to the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: StatusCode;
  readonly params: Record<string, string | number>;
  readonly data: unknown;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}, data: unknown = null) {
    const def: ErrorDef = ERRORS[code];
    super(formatMessage(def.message, params));
    this.name = 'AppError';
    this.code = code;
    this.status = def.status;
    this.params = params;
    this.data = data;
  }
}
