// The fuzz battery: every contract endpoint × every role, inputs from fast-check (valid ones
// from the endpoint's schema, then spoiled), each answer checked (answer-checks.ts). Either a
// fixed number of runs per endpoint and role (`npm run fuzz -- --runs N`) or a time budget
// shared by all of them (the bounded run in `npm test`) after a few runs each.
import { type Endpoint, endpoints, STATUS } from '@evcircle/contract';
import fc from 'fast-check';
import type { TestApp } from '../build-test-app.ts';
import { answerProblem } from './answer-checks.ts';
import { type FuzzCall, sendFuzzCall } from './call.ts';
import { applyVariant, unknownFields, variantOf } from './hostile.ts';
import { fuzzSessions, ROLES, type Role } from './roles.ts';
import { arbitraryOf, type JsonSchema, jsonSchemaOf } from './schema-arbitrary.ts';

export type FuzzOptions = {
  seed: number;
  /** The marker unknown fields carry (searched for in every table afterwards). */
  marker: string;
  /** Runs per endpoint and role. */
  runs?: number;
  /** Or: at least `minRuns` each, then this many milliseconds shared by all of them. */
  budgetMs?: number;
  minRuns?: number;
  /** Contents for multipart endpoints' files (a small real image…), besides random bytes. */
  sampleFiles: Uint8Array[];
};

export type FuzzFailure = { endpoint: string; role: Role; report: string };
export type FuzzSummary = {
  endpoints: number;
  combinations: number;
  calls: number;
  ms: number;
  failures: FuzzFailure[];
  /** Answers by envelope status (how deep the inputs got: 200 means the handler ran and succeeded). */
  statuses: Record<string, number>;
  /** Milliseconds per call of the slowest endpoints (where a budget goes). */
  slowest: { endpoint: string; msPerCall: number }[];
};

type Sample = {
  valid: unknown;
  variant: ReturnType<typeof variantOf> extends fc.Arbitrary<infer V> ? V : never;
  unknown: Record<string, unknown> | null;
  raw: boolean;
  repeatKeys: boolean;
  file: FuzzCall['file'] | null;
  remoteAddress: string;
  rawSegment: string | null;
};

/** Strings past 200 characters shown by length, so a failure report stays readable. */
function readable(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, v) => (typeof v === 'string' && v.length > 200 ? `${v.slice(0, 40)}… (${v.length} chars)` : v),
    2,
  );
}

/** Field names of an object schema whose values are closed objects (or arrays of them). */
function closedObjectFields(schema: JsonSchema): Set<string> {
  const out = new Set<string>();
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const target = child.type === 'array' ? child.items : child;
    if (target?.type === 'object' && target.properties && target.additionalProperties !== true) out.add(key);
  }
  return out;
}

function sampleArbitrary(endpoint: Endpoint, options: FuzzOptions): fc.Arbitrary<Sample> {
  const zodSchema = endpoint.method === 'GET' ? endpoint.query : endpoint.body;
  const schema: JsonSchema = zodSchema ? jsonSchemaOf(zodSchema) : { type: 'object', properties: {} };
  const fields = Object.keys(schema.properties ?? {});
  // Uploads declare no body schema: their form fields are the ones the handlers read.
  const multipartFields = ['type', 'uploadToken', 'token', 'key', 'duration'];
  const known = new Set([...fields, ...(endpoint.multipart ? multipartFields : [])]);
  const open = schema.additionalProperties === true || typeof schema.additionalProperties === 'object';
  const valid = endpoint.multipart
    ? fc.record(
        Object.fromEntries(multipartFields.map((f) => [f, fc.oneof(fc.string({ maxLength: 10 }), fc.nat(99))])),
        { requiredKeys: [] },
      )
    : arbitraryOf(schema);
  const file = fc.record({
    bytes: fc.oneof(fc.constantFrom(...options.sampleFiles), fc.uint8Array({ maxLength: 2048 })),
    name: fc.oneof(
      fc.constantFrom('a.png', 'b.jpg', 'c.mp4', 'd.vtt', 'e.mp3', '../../etc/passwd', '空.png'),
      fc.string(),
    ),
    type: fc.constantFrom('image/png', 'image/jpeg', 'video/mp4', 'text/vtt', 'audio/mpeg', 'application/pdf', ''),
  });
  return fc.record({
    valid,
    variant: variantOf([...known]),
    // Multipart fields are not declared, and open schemas take any key: no marker there.
    unknown:
      endpoint.multipart || open ? fc.constant(null) : fc.option(unknownFields(options.marker, known), { freq: 2 }),
    raw: fc.boolean(),
    repeatKeys: fc.boolean(),
    file: endpoint.multipart ? fc.option(file, { freq: 5 }) : fc.constant(null),
    remoteAddress: fc.ipV4(),
    rawSegment: endpoint.path.includes('/:')
      ? fc.option(fc.constantFrom('%', '%ED%A0%80', '%00', '..%2F..', '%E4%B8', 'x'.repeat(300)), { freq: 4 })
      : fc.constant(null),
  });
}

function toCall(sample: Sample, marker: string, closed: Set<string>): FuzzCall {
  const base =
    typeof sample.valid === 'object' && sample.valid !== null && !Array.isArray(sample.valid)
      ? { ...(sample.valid as Record<string, unknown>), ...sample.unknown }
      : { ...sample.unknown };
  return {
    input: applyVariant(base, sample.variant, marker, closed),
    raw: sample.raw,
    repeatKeys: sample.repeatKeys,
    file: sample.file ?? undefined,
    remoteAddress: sample.remoteAddress,
    rawSegment: sample.rawSegment ?? undefined,
  };
}

/** A seed per endpoint and role, so one failing pair can be rerun alone with the printed seed. */
function pairSeed(seed: number, index: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 31) + index * 7919) | 0;
}

export async function runFuzz(t: TestApp, options: FuzzOptions): Promise<FuzzSummary> {
  const started = Date.now();
  const sessions = fuzzSessions(t);
  const failures: FuzzFailure[] = [];
  let calls = 0;
  const statuses: Record<string, number> = {};
  const timeByEndpoint = new Map<string, { ms: number; calls: number }>();
  const pairs = endpoints.flatMap((endpoint) => ROLES.map((role) => ({ endpoint, role })));

  async function runPair(
    pair: { endpoint: Endpoint; role: Role },
    index: number,
    parameters: fc.Parameters<[Sample]>,
  ): Promise<void> {
    const { endpoint, role } = pair;
    if (failures.some((f) => f.endpoint === endpoint.path && f.role === role)) return;
    const zodSchema = endpoint.method === 'GET' ? endpoint.query : endpoint.body;
    const closed = zodSchema && !endpoint.multipart ? closedObjectFields(jsonSchemaOf(zodSchema)) : new Set<string>();
    const property = fc.asyncProperty(sampleArbitrary(endpoint, options), async (sample) => {
      const call = toCall(sample, options.marker, closed);
      calls++;
      const callStarted = performance.now();
      const answer = await sendFuzzCall(t.app, t.config.API_SIGN_SECRET, endpoint, call, await sessions.token(role));
      const spent = timeByEndpoint.get(endpoint.path) ?? { ms: 0, calls: 0 };
      spent.ms += performance.now() - callStarted;
      spent.calls++;
      timeByEndpoint.set(endpoint.path, spent);
      const status = /^\{"status":(\d+)/.exec(answer.body)?.[1] ?? `HTTP ${answer.httpStatus}`;
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (role !== 'anonymous' && status === String(STATUS.NOT_LOGGED_IN)) sessions.ended(role);
      const problem = answerProblem(answer);
      if (problem) {
        throw new Error(`${problem}\n  answer: HTTP ${answer.httpStatus} ${answer.body.slice(0, 600)}`);
      }
    });
    const details = await fc.check(property, { ...parameters, seed: pairSeed(options.seed, index) });
    // A time share that ran out before a first run is no failure (the pair ran in the first pass).
    if (!details.failed || (details.interrupted && details.counterexample === null)) return;
    const [sample] = details.counterexample ?? [];
    const call = sample ? toCall(sample, options.marker, closed) : undefined;
    // No counterexample: fast-check itself gave up (say, a generator it could not satisfy).
    const error =
      details.errorInstance instanceof Error
        ? details.errorInstance.message
        : (fc.defaultReportMessage(details) ?? 'fast-check failed');
    failures.push({
      endpoint: endpoint.path,
      role,
      report: [
        `✖ ${endpoint.method} ${endpoint.path} as ${role}: ${error}`,
        `  ${endpoint.method === 'GET' ? 'query' : 'body'} (${call?.raw ? 'raw values' : 'as the client sends'}): ${readable(call?.input)}`,
        call?.rawSegment !== undefined ? `  path param sent raw: ${call.rawSegment}` : '',
        call?.file ? `  file: ${call.file.name} (${call.file.type}, ${call.file.bytes.length} bytes)` : '',
        `  rerun: npm run fuzz -- ${options.runs ? `--runs ${options.runs} ` : ''}--seed ${options.seed} (pair seed ${pairSeed(options.seed, index)}, path ${details.counterexamplePath})`,
      ]
        .filter(Boolean)
        .join('\n'),
    });
  }

  if (options.budgetMs !== undefined) {
    // Every endpoint and role a few times first, then the rest of the budget spread evenly.
    const minRuns = options.minRuns ?? 3;
    for (const [index, pair] of pairs.entries()) await runPair(pair, index, { numRuns: minRuns });
    const deadline = started + options.budgetMs;
    for (const [index, pair] of pairs.entries()) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const share = Math.floor(left / (pairs.length - index));
      if (share < 5) continue;
      await runPair(pair, index + pairs.length, {
        numRuns: 1_000_000,
        interruptAfterTimeLimit: share,
        markInterruptAsFailure: false,
      });
    }
  } else {
    for (const [index, pair] of pairs.entries()) await runPair(pair, index, { numRuns: options.runs ?? 100 });
  }
  return {
    endpoints: endpoints.length,
    combinations: pairs.length,
    calls,
    ms: Date.now() - started,
    failures,
    statuses,
    slowest: [...timeByEndpoint.entries()]
      .map(([endpoint, spent]) => ({ endpoint, msPerCall: Math.round(spent.ms / spent.calls) }))
      .sort((a, b) => b.msPerCall - a.msPerCall)
      .slice(0, 8),
  };
}
