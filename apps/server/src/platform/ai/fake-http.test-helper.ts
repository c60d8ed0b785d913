import type { IncomingMessage } from 'node:http';

// What the AI vendors' fakes share: reading a request as their servers would.

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request's path and body: a POST's JSON parsed (its raw text when it is not JSON), null otherwise. */
export async function readRequest(req: IncomingMessage): Promise<{ url: URL; body: unknown }> {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (req.method !== 'POST') return { url, body: null };
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  try {
    return { url, body: raw ? JSON.parse(raw) : null };
  } catch {
    return { url, body: raw };
  }
}
