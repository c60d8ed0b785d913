import path from 'node:path';
import { createTailwindMerge, fromTheme, getDefaultConfig, validators } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import {
  collectClassTokens,
  renderClassMergeConfig,
  trimClassMergeConfig,
} from '../../vite-plugins/trim-class-merge.ts';

const APP_DIR = path.resolve(import.meta.dirname, '..');

/** The production module's configuration, evaluated from the code the build plugin writes. */
function evaluateRendered(code: string) {
  const body = code
    .split('\n')
    .filter((line) => !line.startsWith('import ') && !line.startsWith('//'))
    .join('\n')
    .replace('export function classMergeConfig()', 'return function classMergeConfig()');
  return new Function('fromTheme', 'validators', body)(fromTheme, validators) as () => ReturnType<
    typeof getDefaultConfig
  >;
}

describe('the production class-merge configuration (vite-plugins/trim-class-merge.ts)', async () => {
  const tokens = await collectClassTokens(APP_DIR);
  const trimmed = trimClassMergeConfig(tokens);
  const productionConfig = evaluateRendered(renderClassMergeConfig(trimmed));
  const full = createTailwindMerge(() => ({ ...getDefaultConfig(), cacheSize: 0 }));
  const production = createTailwindMerge(() => ({ ...productionConfig(), cacheSize: 0 }));
  const classNames = tokens.filter((token) => full(`${token} ${token}`) === token);

  it('finds the class names of the app', () => {
    for (const name of ['flex', 'px-4', 'dark:bg-gray-800', 'rounded-full', 'text-sm']) {
      expect(classNames).toContain(name);
    }
  });

  it('keeps only the class groups the app uses, and only their entries it needs', () => {
    const all = Object.keys(getDefaultConfig().classGroups).length;
    expect(Object.keys(trimmed.classGroups).length).toBeLessThan(all / 2);
    expect(trimmed.classGroups.display).toEqual(expect.arrayContaining(['flex', 'hidden']));
    expect(trimmed.classGroups.display).not.toContain('table-caption');
  });

  it('merges every pair of the app class names exactly as the full configuration', () => {
    const differences: string[] = [];
    for (const a of classNames) {
      for (const b of classNames) {
        const classes = `${a} ${b}`;
        if (full(classes) !== production(classes)) differences.push(classes);
      }
    }
    expect(differences).toEqual([]);
  });

  it('leaves classes the app does not use unmerged rather than guessing', () => {
    // A group the app never uses is not there: both stay, as for any unknown class.
    expect(production('table-caption table-cell')).toBe('table-caption table-cell');
    expect(full('table-caption table-cell')).toBe('table-cell');
  });
});
