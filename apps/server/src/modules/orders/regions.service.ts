import { AppError, type RegionProvince } from '@evcircle/contract';
import { bundledDistrictTable, type DistrictTable } from '../../platform/maps/offline.ts';

// The address picker's 省 → 市 → 区 tree, from the district table bundled for the offline
// geocoder (platform/maps/offline.ts): one list of places for the picker and the check
// that an address names a real one. Built once per process and kept (about 3,300 lines).

type Regions = {
  tree: RegionProvince[];
  /** `province\tcity\tdistrict` of every place in the tree. */
  places: Set<string>;
};

const placeKey = (province: string, city: string, district: string) => `${province}\t${city}\t${district}`;

/** Names in the order a Chinese reader expects of a picker (pinyin, as the collator sorts them). */
const byName = new Intl.Collator('zh-Hans-CN').compare;

/** The tree of a district table: provinces, their cities, their districts, each sorted by name. */
export function regionsOf(table: DistrictTable): Regions {
  const provinces = new Map<string, Map<string, Set<string>>>();
  const places = new Set<string>();
  for (const { province, city, name } of table.districts) {
    if (!province || !city) continue;
    const cities = provinces.get(province) ?? new Map<string, Set<string>>();
    provinces.set(province, cities);
    const districts = cities.get(city) ?? new Set<string>();
    cities.set(city, districts);
    districts.add(name);
    places.add(placeKey(province, city, name));
  }
  const tree = [...provinces]
    .sort(([a], [b]) => byName(a, b))
    .map(([name, cities]) => ({
      name,
      cities: [...cities]
        .sort(([a], [b]) => byName(a, b))
        .map(([city, districts]) => ({ name: city, districts: [...districts].sort(byName) })),
    }));
  return { tree, places };
}

let cached: Regions | null = null;

function bundledRegions(): Regions {
  cached ??= regionsOf(bundledDistrictTable());
  return cached;
}

/** The picker's tree (the same array every call: it never changes while the process runs). */
export function listRegions(): RegionProvince[] {
  return bundledRegions().tree;
}

/** Refuses a province / city / district the picker does not offer together (ADDRESS_REGION_INVALID). */
export function assertRegion(province: string, city: string, district: string): void {
  if (!bundledRegions().places.has(placeKey(province, city, district))) throw new AppError('ADDRESS_REGION_INVALID');
}
