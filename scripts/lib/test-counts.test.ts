import { describe, expect, it } from 'vitest';
import { slowestJourneys } from './test-counts.mjs';

describe('slowestJourneys', () => {
  it('lists the slowest runs of a Playwright report with their place, skipping skipped ones', () => {
    const result = (projectName: string, duration: number, status = 'passed') => ({
      projectName,
      results: [{ duration, status }],
    });
    const report = {
      suites: [
        {
          title: 'auth.spec.ts',
          file: 'auth.spec.ts',
          specs: [{ title: 'top level', file: 'auth.spec.ts', tests: [result('desktop', 1200)] }],
          suites: [
            {
              title: 'auth',
              file: 'auth.spec.ts',
              specs: [
                {
                  title: 'logs in',
                  file: 'auth.spec.ts',
                  tests: [result('desktop', 9000), result('mobile', 4000), result('mobile', 99_000, 'skipped')],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(slowestJourneys(report, 2)).toEqual([
      { ms: 9000, project: 'desktop', file: 'auth.spec.ts', title: 'auth › logs in' },
      { ms: 4000, project: 'mobile', file: 'auth.spec.ts', title: 'auth › logs in' },
    ]);
    expect(slowestJourneys(report).map((row) => row.title)).toEqual(['auth › logs in', 'auth › logs in', 'top level']);
  });
});
