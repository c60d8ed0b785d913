import { AppError, inputProblem } from '@evcircle/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { isApiPath } from './error-handler.ts';

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

/**
 * Applies the contract's input rules (input-rules.ts) to the query and JSON body of
 * every API call, before the sign and any schema read them: a NUL character in any
 * string, or nesting deeper than MAX_INPUT_DEPTH, answers VALIDATION_FAILED naming the
 * field and changes nothing.
 */
export function registerInputRules(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (!isApiPath(request.url.split('?', 1)[0] ?? '')) return;
    const problem = inputProblem(request.query) ?? inputProblem(request.body);
    if (!problem) return;
    const field = problem.path === '' ? '' : `${problem.path} `;
    throw new AppError('VALIDATION_FAILED', {
      detail: problem.kind === 'nul' ? `${field}不能包含空字符` : '请求内容嵌套层级过深',
    });
  });
}
