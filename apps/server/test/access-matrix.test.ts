// The access matrix (issue 22, OWASP API1:2023 broken object-level authorisation): every
// endpoint that takes an object id is called with the first user's object by a second user
// (logged in, not an admin) and by an anonymous visitor, and must answer what its `access`
// declaration in the contract says; a write must leave the object as its owner had it; then
// the owner (or the admin, for admin endpoints) must succeed with the same id, so no
// declaration holds vacuously; last, a deleted public object (post, comment, chime) is gone
// for everyone. Where an endpoint takes several ids, the second user mixes its own with the
// first user's (access-matrix/cases.ts). Prints the matrix once.

import * as contract from '@evcircle/contract';
import {
  type AccessCaller,
  type AccessRule,
  type ApiClient,
  ApiError,
  type Endpoint,
  expectedStatus,
  isEndpoint,
  STATUS,
  takesObjectId,
} from '@evcircle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedProviders } from '../src/modules/ai/ai.test-helper.ts';
import { anonymous } from '../src/modules/orders/orders.test-helper.ts';
import { createLocalAvatarMaker } from '../src/platform/ai/local-avatar.ts';
import { createLocalVideoProvider } from '../src/platform/ai/local-video.ts';
import { resolveMediaTools } from '../src/platform/media-tools.ts';
import { CASES, type Case } from './access-matrix/cases.ts';
import { makeObjects, makePeople, type Objects, type People } from './access-matrix/objects.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import type { Person } from './login-as.ts';

type Row = {
  endpoint: string;
  rule: string;
  caller: AccessCaller | 'owner' | 'after delete';
  expected: number;
  got: number;
  message: string;
};

/** The endpoints that take an object id, by their name in the contract. */
const idTaking = Object.entries(contract as Record<string, unknown>)
  .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]) && takesObjectId(entry[1]))
  .sort(([a], [b]) => a.localeCompare(b));

/** Who must succeed with the object: the admin for admin endpoints, else its owner (A unless the case says). */
function ownerOf(endpoint: Endpoint, fixture: Case): Person {
  return endpoint.access?.rule === 'admin' ? people.admin : (fixture.owner?.(people) ?? people.a);
}

function ruleText(access: AccessRule): string {
  return 'others' in access ? `${access.rule} (${access.others})` : access.rule;
}

/** The envelope status of a call (200 when it succeeds) and the message of a refusal. */
async function answerOf(
  api: ApiClient,
  endpoint: Endpoint,
  input: Record<string, unknown>,
): Promise<{ got: number; message: string }> {
  try {
    await api.call(endpoint, input as never);
    return { got: STATUS.SUCCESS, message: '' };
  } catch (err) {
    if (err instanceof ApiError) return { got: err.status, message: err.message };
    throw err;
  }
}

let t: TestApp;
let people: People;
let objects: Objects;

beforeAll(async () => {
  // AI generations against the local fakes the AI module's tests use.
  const tools = await resolveMediaTools();
  const ai = scriptedProviders(createLocalAvatarMaker(), createLocalVideoProvider({ mediaTools: async () => tools }));
  t = await buildTestApp({}, { ai });
  people = await makePeople(t);
  objects = await makeObjects(t, people);
}, 60_000);
afterAll(() => t?.close());

describe('the access matrix', () => {
  it('has a case for every endpoint that takes an object id, and no case for anything else', () => {
    const names = idTaking.map(([name]) => name);
    expect(
      names.filter((name) => !CASES[name]),
      'add them to access-matrix/cases.ts',
    ).toEqual([]);
    expect(Object.keys(CASES).filter((name) => !names.includes(name))).toEqual([]);
    // The contract's own test says so too; here, so the matrix never skips one quietly.
    expect(idTaking.filter(([, endpoint]) => !endpoint.access).map(([name]) => name)).toEqual([]);
  });

  it('answers each caller as the endpoint declares, leaves the owner’s objects alone, and lets the owner in', async () => {
    const rows: Row[] = [];
    const changed: string[] = [];
    const callers: [AccessCaller, ApiClient, Person | undefined][] = [
      ['intruder', people.b.api, people.b],
      ['anonymous', anonymous(t), undefined],
    ];
    const byName = new Map(idTaking);
    for (const [name, fixture] of Object.entries(CASES)) {
      const endpoint = byName.get(name);
      if (!endpoint?.access) continue;
      const owner = ownerOf(endpoint, fixture);
      const before = await fixture.state?.(objects, owner.api);
      for (const [caller, api, person] of callers) {
        const expected = expectedStatus(endpoint.auth, endpoint.access, caller);
        const input = fixture.input(objects, people, person);
        rows.push({
          endpoint: name,
          rule: ruleText(endpoint.access),
          caller,
          expected,
          ...(await answerOf(api, endpoint, input)),
        });
      }
      if (fixture.state) {
        // A read of nothing would compare equal forever.
        if (before === undefined || before === null) changed.push(`${name}: the owner's read found nothing`);
        const after = await fixture.state(objects, owner.api);
        if (JSON.stringify(after) !== JSON.stringify(before))
          changed.push(`${name}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
      }
    }
    // The owners' own calls, in the cases' order (what uses an object up comes last).
    for (const [name, fixture] of Object.entries(CASES)) {
      const endpoint = byName.get(name);
      const access = endpoint?.access;
      if (!endpoint || !access || !['owner', 'member', 'admin'].includes(access.rule)) continue;
      const owner = ownerOf(endpoint, fixture);
      const answer = await answerOf(owner.api, endpoint, fixture.input(objects, people, owner));
      rows.push({ endpoint: name, rule: ruleText(access), caller: 'owner', expected: STATUS.SUCCESS, ...answer });
    }
    // A deleted public object is gone for everyone, whatever path names it.
    for (const [name, fixture] of Object.entries(CASES)) {
      const endpoint = byName.get(name);
      if (!endpoint?.access || !fixture.goneAfterwards) continue;
      const answer = await answerOf(people.b.api, endpoint, fixture.input(objects, people, people.b));
      rows.push({
        endpoint: name,
        rule: ruleText(endpoint.access),
        caller: 'after delete',
        expected: STATUS.NOT_FOUND,
        ...answer,
      });
    }

    console.table(
      Object.values(
        rows.reduce<Record<string, Record<string, string>>>((table, row) => {
          table[row.endpoint] ??= {
            endpoint: row.endpoint,
            rule: row.rule,
            intruder: '',
            anonymous: '',
            owner: '',
            'after delete': '',
          };
          (table[row.endpoint] as Record<string, string>)[row.caller] =
            row.got === row.expected ? String(row.got) : `✗ ${row.expected}→${row.got}`;
          return table;
        }, {}),
      ),
    );
    const wrong = rows.filter((row) => row.got !== row.expected);
    const mismatches = wrong.map(
      (r) => `${r.endpoint} as ${r.caller}: expected ${r.expected}, got ${r.got} ${r.message}`,
    );
    // Both lists at once: a wrong answer and a changed object are read together.
    expect({ mismatches, changed }).toEqual({ mismatches: [], changed: [] });
    expect(rows.length).toBeGreaterThan(idTaking.length * 2);
  }, 60_000);
});
