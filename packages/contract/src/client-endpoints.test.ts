import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as clientEndpoints from './client-endpoints.generated.ts';
import { CLIENT_ENDPOINTS_DIR, loadDomains, renderClientEndpoints } from './client-endpoints.render.ts';
import { endpoints } from './registry.ts';

describe('the browser endpoint tables (client-endpoints.generated.ts, client-endpoints/)', () => {
  it('are what the domains render today (run `npm run gen:client-endpoints` when this fails)', async () => {
    const rendered = renderClientEndpoints(await loadDomains());
    for (const [file, text] of rendered) {
      expect(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'), file).toBe(text);
    }
    const onDisk = readdirSync(new URL(`./${CLIENT_ENDPOINTS_DIR}/`, import.meta.url)).map(
      (name) => `${CLIENT_ENDPOINTS_DIR}/${name}`,
    );
    expect(onDisk.sort()).toEqual([...rendered.keys()].filter((file) => file.includes('/')).sort());
  });

  it('have every declared endpoint, with its method and path and nothing else', () => {
    const light = Object.values(clientEndpoints).filter((value) => 'path' in value);
    expect(light.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      endpoints.map((e) => `${e.method} ${e.path}`).sort(),
    );
    for (const endpoint of light) expect(Object.keys(endpoint).sort()).not.toContain('data');
  });
});
