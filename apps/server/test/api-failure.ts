import { ApiError, AppError } from '@evcircle/contract';
import { expect } from 'vitest';

/** The ApiError a contract call rejects with; fails the test when it resolves or rejects otherwise. */
export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** The AppError a service or adapter call rejects with; fails the test when it resolves or rejects otherwise. */
export async function appFailure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
