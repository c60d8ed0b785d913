import { AppError } from '@evcircle/contract';
import type { z } from 'zod';

/**
 * Turns zod issues into the detail of VALIDATION_FAILED, naming each field:
 * `page 须为不小于 1 的整数`. Several issues are joined with '；'.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      return field ? `${field} ${issue.message}` : issue.message;
    })
    .join('；');
}

/** Parses input with a contract schema, throwing the VALIDATION_FAILED AppError. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError('VALIDATION_FAILED', { detail: describeIssues(result.error.issues) });
}
