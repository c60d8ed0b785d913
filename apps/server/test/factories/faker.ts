import { base, en, Faker, zh_CN } from '@faker-js/faker';

/**
 * A private zh-CN faker: seeded when a seed is given (same seed, same data), so tests
 * and the demo seed never disturb each other through faker's shared global state.
 */
export function createFaker(seed?: number): Faker {
  const faker = new Faker({ locale: [zh_CN, en, base] });
  if (seed !== undefined) faker.seed(seed);
  return faker;
}
