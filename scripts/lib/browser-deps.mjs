// What the browser tests need from the operating system — Debian's Chromium (never a
// downloaded browser) and the fonts a Chinese page with emoji is drawn in — and the
// installing of it: `npm test` and `npm run test:e2e` install what is missing when they
// can (root or password-less sudo, and apt-get), and otherwise stop with the one command
// to run. They never skip the browser tests quietly.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './proc.mjs';

/** Debian's Chromium: what playwright.config.ts launches when CHROMIUM_PATH is not set. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * @typedef {{ package: string, what: string }} Need
 * @typedef {{
 *   platform: string,
 *   chromiumPath: string,
 *   hasFile: (file: string) => boolean,
 *   fontFamilies: (pattern: string) => string | null,
 *   isRoot: boolean,
 *   canSudo: () => boolean,
 *   hasAptGet: boolean,
 * }} System
 * @typedef {{ action: 'none' } | { action: 'install', needs: Need[], commands: string[][] } | { action: 'instruct', needs: Need[], command: string }} Plan
 */

/** What is missing, from what `system` reports. Only Linux is checked for fonts (macOS and Windows ship CJK fonts). */
export function missingBrowserDeps(system) {
  /** @type {Need[]} */
  const needs = [];
  if (!system.hasFile(system.chromiumPath))
    needs.push({ package: 'chromium', what: `Chromium (${system.chromiumPath})` });
  if (system.platform === 'linux') {
    // fontconfig comes with Chromium; without it no font can be found, so both are needed.
    if (!system.fontFamilies(':lang=zh')?.trim()) needs.push({ package: 'fonts-noto-cjk', what: 'CJK fonts' });
    if (!/emoji/i.test(system.fontFamilies(':charset=1f600') ?? ''))
      needs.push({ package: 'fonts-noto-color-emoji', what: 'a colour emoji font' });
  }
  return needs;
}

/** Decides between nothing to do, installing with apt-get, and telling the user what to run. */
export function planBrowserDeps(system) {
  const needs = missingBrowserDeps(system);
  if (needs.length === 0) return /** @type {Plan} */ ({ action: 'none' });
  const packages = needs.map((n) => n.package);
  // A Chromium named by CHROMIUM_PATH, or on a system without Debian's packages, is the user's to provide.
  if (packages.includes('chromium') && (system.chromiumPath !== DEBIAN_CHROMIUM || system.platform !== 'linux')) {
    return /** @type {Plan} */ ({
      action: 'instruct',
      needs,
      command: `point CHROMIUM_PATH at a Chromium or Chrome executable (${system.chromiumPath} does not exist)`,
    });
  }
  if (system.hasAptGet && (system.isRoot || system.canSudo())) {
    const asRoot = system.isRoot ? [] : ['sudo', '-n'];
    const commands = [
      [...asRoot, 'apt-get', 'update', '-qq'],
      [...asRoot, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages],
    ];
    return /** @type {Plan} */ ({ action: 'install', needs, commands });
  }
  return /** @type {Plan} */ ({ action: 'instruct', needs, command: `sudo apt-get install -y ${packages.join(' ')}` });
}

function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** This machine, as planBrowserDeps reads it. */
export function thisSystem() {
  return {
    platform: process.platform,
    chromiumPath: CHROMIUM_PATH,
    hasFile: existsSync,
    fontFamilies(pattern) {
      try {
        return execFileSync('fc-list', [pattern, 'family'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      } catch {
        return null;
      }
    },
    isRoot: process.getuid?.() === 0,
    canSudo: () => commandExists('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
    hasAptGet: commandExists('apt-get'),
  };
}

/**
 * Makes sure the browser tests can run here: installs what is missing when it can
 * (saying so), or prints the one command to run. Resolves with null when ready, or
 * with the reason the browser tests cannot run.
 */
export async function ensureBrowserDeps(system = thisSystem()) {
  const plan = planBrowserDeps(system);
  if (plan.action === 'none') return null;
  const list = plan.needs.map((n) => n.what).join(', ');
  if (plan.action === 'instruct') {
    console.error(`✖ the browser tests need ${list}, and this process cannot install them.`);
    console.error('  浏览器测试需要系统 Chromium 和中文/emoji 字体，当前进程无法自动安装。Run / 请运行：');
    console.error(`    ${plan.command}`);
    return `missing: ${plan.needs.map((n) => n.package).join(' ')}`;
  }
  console.log(`▶ installing what the browser tests need (${list}) / 正在安装浏览器测试所需的系统软件包:`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let status = 0;
  for (const [command, ...args] of plan.commands) {
    console.log(`  $ ${[command, ...args].join(' ')}`);
    status = spawnSync(/** @type {string} */ (command), args, { stdio: 'inherit', env }).status ?? 1;
    if (status !== 0) break;
  }
  if (status === 0 && planBrowserDeps(system).action === 'none') {
    console.log('✔ installed / 安装完成');
    return null;
  }
  console.error(`✖ apt-get could not install ${plan.needs.map((n) => n.package).join(' ')} (exit ${status}).`);
  return `apt-get install failed (exit ${status})`;
}
