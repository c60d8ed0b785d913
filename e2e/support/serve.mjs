// The e2e web server (started by playwright.config.ts): a fresh temporary DATA_DIR, seeded
// deterministically, then the production server on E2E_PORT in this very process, so the
// SIGTERM Playwright sends at the end reaches the server's graceful shutdown directly.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runServerInProcess, runTsx } from '../../scripts/lib/proc.mjs';
import { startFakeLinkSite } from './fake-link-site.mjs';
import { startFakeTranslate } from './fake-translate.mjs';
import { startFakeVideoSites } from './fake-video-sites.mjs';

/**
 * playwright.config.ts names the folder (E2E_DATA_DIR) so specs can read the SMS outbox;
 * it is emptied first. Only folders named evcircle-e2e-* are ever emptied.
 */
function freshDataDir() {
  const wanted = process.env.E2E_DATA_DIR;
  if (!wanted) return mkdtempSync(join(tmpdir(), 'evcircle-e2e-'));
  if (!basename(wanted).startsWith('evcircle-e2e-')) {
    console.error(`[e2e server] refusing to empty ${wanted}: not an evcircle-e2e-* folder`);
    process.exit(1);
  }
  rmSync(wanted, { recursive: true, force: true });
  mkdirSync(wanted, { recursive: true });
  return wanted;
}

const dataDir = freshDataDir();
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

// NOTE: always embedded PGlite in a fresh folder, even when the shell has DATABASE_URL or
// REDIS_URL set: the specs expect exactly the seeded community and nothing else.
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
process.env.DATA_DIR = dataDir;

const seed = process.env.E2E_SEED_ARGS?.split(' ').filter(Boolean) ?? [];
console.log(`[e2e server] seeding ${dataDir} (${seed.join(' ')})`);
const code = await runTsx('scripts/seed/main.ts', seed);
if (code !== 0) {
  console.error(`[e2e server] seed failed (exit ${code})`);
  process.exit(code);
}
// The moderators the safety journey logs in as (e2e/support/seed-admin.ts).
const adminCode = await runTsx('e2e/support/seed-admin.ts');
if (adminCode !== 0) {
  console.error(`[e2e server] granting the e2e admins failed (exit ${adminCode})`);
  process.exit(adminCode);
}
// Translation goes to a local fake of an OpenAI-compatible service (fake-translate.mjs),
// unless the environment names a translator of its own.
if (!process.env.AI_TRANSLATE_BASE_URL) {
  const fake = await startFakeTranslate({ apiKey: 'e2e', model: 'fake-mt' });
  process.env.AI_TRANSLATE_BASE_URL = fake.baseURL;
  process.env.AI_TRANSLATE_API_KEY = 'e2e';
  process.env.AI_TRANSLATE_MODEL = 'fake-mt';
  console.log(`[e2e server] fake translation service at ${fake.baseURL}`);
}
// The player's video-site embeds and ad tag go to a local fake (fake-video-sites.mjs); its
// ad tag answers "no ad", so videos play at once unless a journey asks for another answer.
if (!process.env.VIDEO_EMBED_YOUTUBE_ORIGIN) {
  const sites = await startFakeVideoSites();
  process.env.VIDEO_EMBED_YOUTUBE_ORIGIN = sites.origin;
  process.env.VIDEO_EMBED_BILIBILI_ORIGIN = sites.origin;
  process.env.VIDEO_AD_TAG_URL = `${sites.origin}/vast`;
  console.log(`[e2e server] fake video sites and ad server at ${sites.origin}`);
}
// The websites the bookmark journeys save (fake-link-site.mjs): its origin goes to a file in
// the data folder for the specs, which run in another process.
const linkSite = await startFakeLinkSite();
writeFileSync(join(dataDir, 'fake-link-site.json'), JSON.stringify({ origin: linkSite.origin }));
console.log(`[e2e server] fake link site at ${linkSite.origin}`);
console.log(`[e2e server] starting on port ${process.env.PORT}`);
await runServerInProcess();
