import { type ApiClient, blockAct, chatSend, ERRORS, type ErrorCode, followAct, STATUS } from '@evcircle/contract';
import { expect } from 'vitest';
import type { z } from 'zod';
import { apiFailure } from '../../../test/api-failure.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { newPerson, type Person } from '../../../test/login-as.ts';

type SendBody = z.input<NonNullable<(typeof chatSend)['body']>>;

/** Sends a message through the API (a text message unless `fields` say otherwise). */
export function send(from: Person | ApiClient, receiverId: number, fields: Partial<SendBody> = {}) {
  const api = 'api' in from ? from.api : from;
  return api.call(chatSend, { receiver_id: receiverId, content: '你好', ...fields });
}

/** Two new people who follow each other (no stranger limit between them). */
export async function newFriends(t: TestApp): Promise<[Person, Person]> {
  const [a, b] = await Promise.all([newPerson(t), newPerson(t)]);
  await follow(a, b);
  await follow(b, a);
  return [a, b];
}

/** `who` follows `whom`. */
export async function follow(who: Person, whom: Person): Promise<void> {
  const { isfollow } = await who.api.call(followAct, { uid: whom.id });
  if (isfollow !== 1) throw new Error('follow toggled off');
}

/** `who` blocks `whom`. */
export async function block(who: Person, whom: Person): Promise<void> {
  const { isblock } = await who.api.call(blockAct, { uid: whom.id });
  if (isblock !== 1) throw new Error('block toggled off');
}

/** Asserts that `call` fails with the envelope of error `code` (status and zh-CN message). */
export async function expectError(call: Promise<unknown>, code: ErrorCode): Promise<void> {
  const error = await apiFailure(call);
  expect(error).toMatchObject({ status: ERRORS[code].status, message: ERRORS[code].message });
}

/** Asserts that `call` is refused as bad input (4000) with a Chinese message. */
export async function expectBadInput(call: Promise<unknown>): Promise<void> {
  const error = await apiFailure(call);
  expect(error.status).toBe(STATUS.VALIDATION_FAILED);
  expect(error.message).toMatch(/[\u4e00-\u9fff]/);
}
