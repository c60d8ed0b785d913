import type { RegionProvince } from '@evcircle/contract/client';

// The cascading 省 / 市 / 区 picker's state, apart from React so it is tested alone: a
// choice narrows the next list, a change above clears what is below, and a list with one
// entry (北京市's one city) is chosen for the buyer.

/** '' where nothing is chosen yet. */
export type RegionChoice = { province: string; city: string; district: string };

export const NO_REGION: RegionChoice = { province: '', city: '', district: '' };

export function citiesOf(tree: readonly RegionProvince[], province: string): string[] {
  return tree.find((p) => p.name === province)?.cities.map((c) => c.name) ?? [];
}

export function districtsOf(tree: readonly RegionProvince[], province: string, city: string): string[] {
  return tree.find((p) => p.name === province)?.cities.find((c) => c.name === city)?.districts ?? [];
}

/** A new province: its only city (and that city's only district) chosen, else nothing below. */
export function chooseProvince(tree: readonly RegionProvince[], province: string): RegionChoice {
  const cities = citiesOf(tree, province);
  return cities.length === 1
    ? chooseCity(tree, { ...NO_REGION, province }, cities[0] as string)
    : { ...NO_REGION, province };
}

/** A new city in the chosen province: its only district chosen, else none. */
export function chooseCity(tree: readonly RegionProvince[], choice: RegionChoice, city: string): RegionChoice {
  const districts = districtsOf(tree, choice.province, city);
  return { province: choice.province, city, district: districts.length === 1 ? (districts[0] as string) : '' };
}

export function chooseDistrict(choice: RegionChoice, district: string): RegionChoice {
  return { ...choice, district };
}

/** Whether the three names are a place of the tree (what address save accepts). */
export function isCompleteRegion(tree: readonly RegionProvince[], choice: RegionChoice): boolean {
  return districtsOf(tree, choice.province, choice.city).includes(choice.district);
}

/**
 * A saved choice as the picker starts from it: kept when the tree holds it, else as much of
 * it from the top as the tree holds (an address saved before the table changed).
 */
export function choiceInTree(tree: readonly RegionProvince[], saved: RegionChoice): RegionChoice {
  if (!tree.some((p) => p.name === saved.province)) return NO_REGION;
  if (!citiesOf(tree, saved.province).includes(saved.city)) return chooseProvince(tree, saved.province);
  if (!districtsOf(tree, saved.province, saved.city).includes(saved.district)) {
    return chooseCity(tree, saved, saved.city);
  }
  return saved;
}

/** An address's place as one line: 广东省 深圳市 南山区; a municipality once: 北京市 朝阳区. */
export function regionText({ province, city, district }: RegionChoice): string {
  return [province, city === province ? '' : city, district].filter(Boolean).join(' ');
}
