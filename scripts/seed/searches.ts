// What the demo community searched in its last week: a few searches by some of its
// members, through the same recordSearch the API uses, so the search page opens with their
// history and the hot words have something to count. Deterministic (run seed + a label).
import { recordSearch } from '../../apps/server/src/modules/search/index.ts';
import type { Db } from '../../apps/server/src/platform/db.ts';
import { createRandom } from './random.ts';

/** Members who searched (the first this many by id); the rest never did. */
export const SEARCHING_MEMBERS = 60;
const DAY_MS = 86_400_000;

/** What EV owners search, with how often (a topic of the week first). */
export const DEMO_SEARCH_WORDS: readonly (readonly [string, number])[] = [
  ['冬季续航', 12],
  ['超充', 10],
  ['充电桩安装', 8],
  ['Model Y', 8],
  ['小米SU7', 6],
  ['自驾游', 6],
  ['换电站', 5],
  ['贴膜', 5],
  ['脚垫', 4],
  ['胎压', 4],
  ['哨兵模式', 3],
  ['露营', 3],
  ['FSD', 3],
  ['轮毂改装', 2],
  ['保险续保', 2],
  ['座椅通风', 2],
  ['OTA 升级', 2],
  ['车衣', 1],
];

/** Records 1–4 searches of each of the first SEARCHING_MEMBERS members, over the 6 days before `anchor`. */
export async function seedSearches(db: Db, userIds: readonly number[], seed: number, anchor: Date): Promise<number> {
  let recorded = 0;
  for (const userId of userIds.slice(0, SEARCHING_MEMBERS)) {
    const random = createRandom(seed, `searches:${userId}`);
    const count = random.int(1, 4);
    for (let i = 0; i < count; i++) {
      const when = new Date(anchor.getTime() - random.float(0, 6) * DAY_MS);
      const { result } = await recordSearch(db, userId, random.weighted(DEMO_SEARCH_WORDS), when);
      if (result) recorded++;
    }
  }
  return recorded;
}
