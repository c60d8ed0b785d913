import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, planBrowserDeps } from './browser-deps.mjs';

/** A Debian machine with everything the browser tests need, as root. */
const ready = {
  platform: 'linux',
  chromiumPath: DEBIAN_CHROMIUM,
  hasFile: () => true,
  fontFamilies: (pattern: string) =>
    pattern === ':lang=zh' ? 'Noto Sans CJK SC,Noto Sans CJK SC Regular\n' : 'Noto Color Emoji\n',
  isRoot: true,
  canSudo: () => false,
  hasAptGet: true,
};
/** The same machine freshly made: no Chromium, no fontconfig, so no fonts either. */
const bare = { ...ready, hasFile: () => false, fontFamilies: () => null };
const ALL = ['chromium', 'fonts-noto-cjk', 'fonts-noto-color-emoji'];

describe('planBrowserDeps', () => {
  it('does nothing when Chromium, CJK and emoji fonts are there', () => {
    expect(planBrowserDeps(ready)).toEqual({ action: 'none' });
  });

  it('installs Chromium and both fonts with apt-get as root', () => {
    const plan = planBrowserDeps(bare);
    expect(plan).toMatchObject({ action: 'install' });
    expect(plan.action === 'install' && plan.commands).toEqual([
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...ALL],
    ]);
  });

  it('installs only what is missing: the emoji font beside a CJK font', () => {
    const plan = planBrowserDeps({
      ...ready,
      fontFamilies: (p: string) => (p === ':lang=zh' ? 'Noto Sans CJK SC' : ''),
    });
    expect(plan.action === 'install' && plan.commands[1]).toEqual([
      'apt-get',
      'install',
      '-y',
      '-qq',
      '--no-install-recommends',
      'fonts-noto-color-emoji',
    ]);
  });

  it('goes through password-less sudo when not root', () => {
    const plan = planBrowserDeps({ ...bare, isRoot: false, canSudo: () => true });
    expect(plan.action === 'install' && plan.commands.map((c) => c.slice(0, 3))).toEqual([
      ['sudo', '-n', 'apt-get'],
      ['sudo', '-n', 'apt-get'],
    ]);
  });

  it('gives the one command to run when it cannot install: no root, no sudo, or no apt-get', () => {
    const command = `sudo apt-get install -y ${ALL.join(' ')}`;
    expect(planBrowserDeps({ ...bare, isRoot: false })).toMatchObject({ action: 'instruct', command });
    expect(planBrowserDeps({ ...bare, hasAptGet: false })).toMatchObject({ action: 'instruct', command });
  });

  it('leaves a Chromium named by CHROMIUM_PATH, or on macOS, to the user, and checks no fonts off Linux', () => {
    expect(planBrowserDeps({ ...bare, chromiumPath: '/opt/chrome/chrome' })).toMatchObject({
      action: 'instruct',
      command: 'point CHROMIUM_PATH at a Chromium or Chrome executable (/opt/chrome/chrome does not exist)',
    });
    expect(planBrowserDeps({ ...bare, platform: 'darwin' })).toMatchObject({
      action: 'instruct',
      needs: [{ package: 'chromium', what: `Chromium (${DEBIAN_CHROMIUM})` }],
    });
    expect(planBrowserDeps({ ...bare, platform: 'darwin', hasFile: () => true })).toEqual({ action: 'none' });
  });
});
