import { describe, expect, it } from 'vitest';
import { openDifferenceDays } from './open-differences.ts';
import { openDifference, run, settledDifference } from './reconciliation.fixtures.ts';

const NOW = Date.parse('2026-11-22T09:00:00.000Z');

describe('openDifferenceDays', () => {
  it("counts what is left to do in each day's latest run of the last week, newest day first", () => {
    const runs = [
      // Newest first, as the API answers: the 21st was run again after it was put right.
      run({
        _id: 'r4',
        day: '2026-11-21',
        status: 'agreed',
        differences: [],
        started_at: '2026-11-22T08:00:00Z',
      }),
      run({ _id: 'r3', day: '2026-11-20', started_at: '2026-11-22T07:00:00Z' }),
      run({ _id: 'r2', day: '2026-11-21', started_at: '2026-11-22T00:00:05Z' }),
      run({
        _id: 'r1',
        day: '2026-11-19',
        differences: [settledDifference],
        started_at: '2026-11-20T00:00:05Z',
      }),
      // Found long ago: the page keeps it, the dashboard does not.
      run({ _id: 'r0', day: '2026-11-01', started_at: '2026-11-02T00:00:05Z' }),
    ];
    expect(openDifferenceDays(runs, NOW)).toEqual([{ day: '2026-11-20', open: 1, runId: 'r3' }]);
  });

  it('is empty when every recent run agreed or settled what it found', () => {
    expect(openDifferenceDays([], NOW)).toEqual([]);
    expect(
      openDifferenceDays(
        [
          run({ differences: [settledDifference] }),
          run({ _id: 'r2', day: '2026-11-20', status: 'failed', differences: [] }),
        ],
        NOW,
      ),
    ).toEqual([]);
    expect(openDifferenceDays([run({ differences: [openDifference, openDifference] })], NOW)).toEqual([
      { day: '2026-11-21', open: 2, runId: 'run-1' },
    ]);
  });
});
