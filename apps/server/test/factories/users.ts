import type { Faker } from '@faker-js/faker';
import { users } from '../../src/modules/accounts/accounts.tables.ts';
import type { Db } from '../../src/platform/db.ts';
import { createFaker } from './faker.ts';

export type NewUser = typeof users.$inferInsert;
export type User = typeof users.$inferSelect;

/** Car models owners of the community drive; shown on profiles. */
const CAR_MODELS = ['Model 3', 'Model Y', 'Model S', 'Model X', 'Cybertruck'] as const;

const BIOS = [
  '每天通勤 60 公里，电车真香',
  '自驾游爱好者，已经开着它跑了大半个中国',
  '喜欢折腾改装，欢迎交流',
  '新手车主，多多关照',
  '充电桩地图收集中',
] as const;

/** The values of a believable community member; nothing is written. */
export function buildUser(faker: Faker, overrides: Partial<NewUser> = {}): NewUser {
  return {
    nickname: faker.person.fullName(),
    avatar: '',
    bio: faker.helpers.arrayElement(BIOS),
    sex: faker.helpers.arrayElement([0, 1, 2]),
    carModel: faker.helpers.arrayElement(CAR_MODELS),
    createdAt: faker.date.past({ years: 2 }),
    ...overrides,
  };
}

/** Inserts one user; deterministic when `seed` is given. */
export async function createUser(
  db: Db,
  overrides: Partial<NewUser> = {},
  options: { seed?: number } = {},
): Promise<User> {
  const [user] = await db
    .insert(users)
    .values(buildUser(createFaker(options.seed), overrides))
    .returning();
  if (!user) throw new Error('createUser: insert returned no row');
  return user;
}
