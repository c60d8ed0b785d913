import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as clientEndpoints from './client-endpoints.generated.ts';
import { renderClientEndpoints } from './client-endpoints.render.ts';
import { endpoints } from './registry.ts';

describe('client-endpoints.generated.ts', () => {
  it('is what the domains render today (run `npm run gen:client-endpoints` when this fails)', () => {
    const onDisk = readFileSync(new URL('./client-endpoints.generated.ts', import.meta.url), 'utf8');
    expect(onDisk).toBe(renderClientEndpoints());
  });

  it('has every declared endpoint, with its method and path and nothing else', () => {
    const light = Object.values(clientEndpoints).filter((value) => 'path' in value);
    expect(light.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      endpoints.map((e) => `${e.method} ${e.path}`).sort(),
    );
    for (const endpoint of light) expect(Object.keys(endpoint).sort()).not.toContain('data');
  });
});
