import { describe, expect, it } from 'vitest';
import { ROOT } from './proc.mjs';
import { failedTests, formatFailedTests, slowestJourneys } from './test-counts.mjs';

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

describe('failedTests', () => {
  it('names the failed tests of a Vitest report, and a file that failed without a test', () => {
    const report = {
      testResults: [
        {
          name: `${ROOT}/apps/server/src/a.test.ts`,
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a works' },
            { status: 'failed', fullName: 'a › refuses' },
          ],
        },
        {
          name: `${ROOT}/apps/server/src/b.test.ts`,
          status: 'failed',
          message: 'Cannot find module x\nstack',
          assertionResults: [],
        },
        {
          name: `${ROOT}/apps/server/src/c.test.ts`,
          status: 'passed',
          assertionResults: [{ status: 'passed', fullName: 'c' }],
        },
      ],
    };
    expect(failedTests(report)).toEqual([
      'apps/server/src/a.test.ts › a › refuses',
      'apps/server/src/b.test.ts (Cannot find module x)',
    ]);
  });

  it('says so when Vitest failed on an error outside every test', () => {
    const report = {
      success: false,
      testResults: [{ name: `${ROOT}/a.test.ts`, status: 'passed', assertionResults: [] }],
    };
    expect(failedTests(report)).toEqual([
      'an error outside any test (an unhandled rejection?): see "Unhandled Errors" in the log',
    ]);
    expect(failedTests({ ...report, success: true })).toEqual([]);
  });

  it('names each unexpected journey of a Playwright report once per project, never a flaky or skipped one', () => {
    const test = (projectName: string, status: string, results: string[]) => ({
      projectName,
      status,
      results: results.map((s) => ({ status: s, duration: 1 })),
    });
    const report = {
      suites: [
        {
          title: 'search.spec.ts',
          file: 'search.spec.ts',
          specs: [
            {
              title: 'swipes to the next post',
              file: 'search.spec.ts',
              tests: [
                test('mobile', 'unexpected', ['timedOut', 'failed']),
                test('desktop', 'flaky', ['failed', 'passed']),
              ],
            },
            { title: 'skips', file: 'search.spec.ts', tests: [test('desktop', 'skipped', ['skipped'])] },
          ],
        },
      ],
    };
    expect(failedTests(report)).toEqual(['[mobile] search.spec.ts › swipes to the next post']);
    expect(formatFailedTests(failedTests(report))).toBe(
      'failed tests / 失败的用例:\n  ✖ [mobile] search.spec.ts › swipes to the next post',
    );
    expect(formatFailedTests([])).toBe('');
  });
});
