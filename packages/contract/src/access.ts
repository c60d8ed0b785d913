import type { AuthRule, Endpoint } from './endpoint.ts';
import { STATUS, type StatusName } from './status.ts';

/**
 * Whose object the id an endpoint takes names, and so how someone else is answered:
 * declared next to every endpoint that takes an object id (`takesObjectId`), and checked
 * for every one by the access matrix (apps/server/test/access-matrix.test.ts: a second
 * user and an anonymous visitor call it with the first user's object; OWASP API1:2023).
 *
 * - public: anyone may read the object by id (a post, a comment thread, a profile);
 * - owner: only its owner; anyone else gets `others` — NOT_FOUND when the answer must not
 *   tell that the object exists, FORBIDDEN where the page shows it refused, CONFLICT where
 *   the caller's own state answers (leaving a team one is not in), SUCCESS where the call is
 *   idempotent and changes nothing of someone else's (a delete of a missing id);
 * - member: only the members of a team or a conversation; anyone else gets `others`;
 * - admin: administrators only (the endpoint's `auth: 'admin'` refuses the rest);
 * - person: the id names a person acted on (follow, block, a chat's receiver), not an object
 *   they own: anyone logged in may call it, and the person is never changed by it;
 * - unowned: the id names nothing of a user's (a product, its spec ids, a category, a region).
 *
 * A caller who is not logged in gets NOT_LOGGED_IN whenever the endpoint's auth needs login.
 */
export type AccessRule =
  | { readonly rule: 'public' | 'admin' | 'person' | 'unowned' }
  | { readonly rule: 'owner' | 'member'; readonly others: OthersAnswer };

/** How an owner-only or member-only endpoint answers someone else. */
export type OthersAnswer = Extract<StatusName, 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT' | 'SUCCESS'>;

/** Who calls an endpoint with another user's object id. */
export type AccessCaller = 'anonymous' | 'intruder';

/** The envelope status `caller` gets when calling, with someone else's object id, an endpoint declaring `access`. */
export function expectedStatus(auth: AuthRule, access: AccessRule, caller: AccessCaller): number {
  if (caller === 'anonymous' && auth !== 'none' && auth !== 'optional') return STATUS.NOT_LOGGED_IN;
  switch (access.rule) {
    case 'public':
    case 'person':
    case 'unowned':
      return STATUS.SUCCESS;
    // The endpoint's own auth answers ADMIN_REQUIRED before the handler runs.
    case 'admin':
      return STATUS.FORBIDDEN;
    case 'owner':
    case 'member':
      return STATUS[access.others];
  }
}

/**
 * A field that names an object by its id: `id`, `ids`, the one-letter short ids of SPEC.md §7
 * (`pid`, `cid`, `did`, `hid`, `uid`, `cids` …), the cart's spec ids `apids`, and `*_id` /
 * `*_ids`. Not words that merely end so (`paid`), nor camelCase tokens such as `challengeId`
 * or `uploadToken`, which name a server-issued ticket, not an object.
 */
const ID_FIELD = /^(?:[a-z]?ids?|apids|[a-z_]+_ids?)$/;

type SchemaLike = { shape?: Record<string, unknown>; _zod?: { def?: { in?: unknown; innerType?: unknown } } };

/** The fields of an object schema, looking through a transform or a wrapper (optional, default). */
function objectShape(schema: unknown): Record<string, unknown> {
  const s = schema as SchemaLike | undefined;
  if (!s) return {};
  if (s.shape) return s.shape;
  const inner = s._zod?.def?.in ?? s._zod?.def?.innerType;
  return inner ? objectShape(inner) : {};
}

/** The input fields (and `:param`s of the path) of `endpoint` that carry an object id. */
export function objectIdFields(endpoint: Pick<Endpoint, 'method' | 'path' | 'query' | 'body'>): string[] {
  const shape = objectShape(endpoint.method === 'GET' ? endpoint.query : endpoint.body);
  const fields = Object.keys(shape).filter((name) => ID_FIELD.test(name));
  for (const match of endpoint.path.matchAll(/:([a-z_]+)/gi)) {
    const name = match[1] as string;
    if (ID_FIELD.test(name) && !fields.includes(name)) fields.push(name);
  }
  return fields;
}

/** Whether `endpoint` takes an object id, and so must declare `access`. */
export function takesObjectId(endpoint: Pick<Endpoint, 'method' | 'path' | 'query' | 'body'>): boolean {
  return objectIdFields(endpoint).length > 0;
}
