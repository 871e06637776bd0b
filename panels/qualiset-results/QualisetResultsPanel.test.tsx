import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUALISET_RESULTS_ANSWER, QUALISET_RESULTS_OPTIONS } from './fixtures.ts';
import { selectQualisetResults, type QualisetResultsData } from './model.ts';
import { QualisetResultsPanel } from './QualisetResultsPanel.tsx';

describe('qualiset-results model', () => {
  it('summarises the pass rate and lists the results latest first, at most maxResults', () => {
    const data = selectQualisetResults(QUALISET_RESULTS_ANSWER, { maxResults: 2 });
    expect(data?.summary).toBe('Passed 2 of 3 (66.67%)');
    // Measured in the viewer's time zone (UTC in the tests), short enough for a phone's column.
    expect(data?.rows.map((row) => `${row.measuredAt} ${row.testName} ${row.result} ${row.score}`)).toEqual([
      'Nov 18, 02:00 pm Colour density Passed 97.5',
      'Nov 18, 10:00 am Nozzle check Failed 61',
    ]);
  });

  it('is empty without tests', () => {
    expect(
      selectQualisetResults(
        { ...QUALISET_RESULTS_ANSWER, tests: 0, passed: 0, passRate: null, results: [] },
        QUALISET_RESULTS_OPTIONS,
      ),
    ).toBeNull();
  });
});

describe('QualisetResultsPanel', () => {
  it('draws each result with a missing score as --', () => {
    const data = selectQualisetResults(QUALISET_RESULTS_ANSWER, QUALISET_RESULTS_OPTIONS) as QualisetResultsData;
    render(
      <QualisetResultsPanel
        options={QUALISET_RESULTS_OPTIONS}
        data={data}
        title="Qualiset"
        systemGroup="DTG"
        width={600}
        height={240}
      />,
    );
    expect(screen.getByRole('row', { name: /Registration Passed --$/ })).toBeDefined();
  });
});
