/** The running server's web build id (GET /build.json, served by the web plugin). */
export async function fetchLatestBuildId(): Promise<string | null> {
  // The timestamp defeats any cache between us and the server (SPEC.md §7).
  const response = await fetch(`/build.json?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) return null;
  const body = (await response.json()) as { buildId?: unknown };
  return typeof body.buildId === 'string' ? body.buildId : null;
}
