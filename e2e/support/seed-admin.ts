// Run by serve.mjs after the seed, before the server opens the database: adds the
// moderators of the e2e community (E2E_ADMIN_MOBILES) and gives them the admin role with
// the real `npm run admin:grant` command, so the moderation journey logs in as an admin
// by SMS like anyone else.

import { users } from '../../apps/server/src/modules/accounts/accounts.tables.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { createDatabase, runMigrations } from '../../apps/server/src/platform/db.ts';
import { main as grantAdmin } from '../../scripts/grant-admin.ts';
import { E2E_ADMIN_MOBILES } from './constants.ts';

const mobiles = Object.values(E2E_ADMIN_MOBILES);
const database = await createDatabase(loadConfig(process.env));
try {
  await runMigrations(database);
  await database.db
    .insert(users)
    .values(mobiles.map((mobile, i) => ({ nickname: `审核员${i + 1}`, acode: '86', mobile })))
    .onConflictDoNothing();
} finally {
  await database.close();
}
for (const mobile of mobiles) {
  const code = await grantAdmin(['--mobile', mobile], process.env);
  if (code !== 0) process.exit(code);
}
