import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { LengthUnitsProvider, type JobSelection } from '../../src/runtime/panel-sdk.ts';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { APOLLO_SUMMARY, DTF_SUMMARY, DTG_SUMMARY, EMPTY_SUMMARY, JOB_SUMMARY_OPTIONS } from './fixtures.ts';
import { JobSelectionFixture } from './JobSelectionFixture.tsx';
import { JobSummaryPanel } from './JobSummaryPanel.tsx';
import {
  clearPrintModes,
  printTypeLabel,
  selectJobSummary,
  togglePrintMode,
  toggleSize,
  type JobSummaryAnswer,
} from './model.ts';

function renderSummary(answer: JobSummaryAnswer, systemGroup: SystemGroup) {
  const data = selectJobSummary(answer);
  if (data === null) throw new Error('fixture without data');
  const onSelect = vi.fn<(selection: JobSelection) => void>();
  renderPanel(
    JobSummaryPanel,
    { options: JOB_SUMMARY_OPTIONS, data, title: 'Job summary', systemGroup },
    {
      wrapper: ({ children }) => (
        <LengthUnitsProvider lengthUnits="Meter">
          <JobSelectionFixture onSelect={onSelect}>{children}</JobSelectionFixture>
        </LengthUnitsProvider>
      ),
    },
  );
  return onSelect;
}

const NONE: JobSelection = { sizes: [], printModes: [] };

describe('job-summary model', () => {
  it('is empty when no job ended in the period', () => {
    expect(selectJobSummary(EMPTY_SUMMARY)).toBeNull();
  });

  it('keeps the size categories apart from the total, and names DTF print types as the spec does', () => {
    const data = selectJobSummary(DTF_SUMMARY);
    expect(data?.sizes.map((card) => card.size)).toEqual(['Small', 'Medium', 'Large']);
    expect(data?.total?.numberOfJobs).toBe(80);
    expect(data?.printModes.map((card) => printTypeLabel(card, t))).toEqual([
      'Production',
      'Prod. Solid',
      'Quality',
      'Quality Solid',
    ]);
    expect(data?.partialData).toBe(true);
  });

  it('toggles a size with impressions and ignores one without, on Apollo and DTG alike', () => {
    expect(toggleSize(NONE, 'Apollo', 'Small', 0)).toBe(NONE);
    expect(toggleSize(NONE, 'DTG', 'Large', 0)).toBe(NONE);
    const medium = toggleSize(NONE, 'DTG', 'Medium', 800);
    expect(medium.sizes).toEqual(['Medium']);
    expect(toggleSize(medium, 'DTG', 'Medium', 800).sizes).toEqual([]);
  });

  it('highlights DTF print modes and clears them', () => {
    const highlighted = togglePrintMode(togglePrintMode(NONE, 2), 0);
    expect(highlighted.printModes).toEqual([2, 0]);
    expect(clearPrintModes(highlighted).printModes).toEqual([]);
  });
});

describe('JobSummaryPanel', () => {
  it('DTG: the two cards of a size toggle together; a size without production cannot be selected', () => {
    const onSelect = renderSummary(DTG_SUMMARY, 'DTG');
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: /^Medium jobs/ }));
    expect(onSelect).toHaveBeenLastCalledWith({ sizes: ['Medium'], printModes: [] });
    const pressed = screen.getAllByRole('button', { pressed: true });
    expect(pressed.map((card) => card.textContent?.slice(0, 6))).toEqual(['Medium', 'Medium']);
    for (const large of screen.getAllByRole('button', { name: /^Large/ }))
      expect(large).toHaveProperty('disabled', true);
  });

  it('Apollo: cards per size category with impression counts; a zero-impression card cannot be selected', () => {
    const onSelect = renderSummary(APOLLO_SUMMARY, 'Apollo');
    const small = screen.getByRole('button', { name: /^Small/ });
    expect(small).toHaveProperty('disabled', true);
    fireEvent.click(small);
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /^Medium/ }).textContent).toContain('5.4k imp');
    fireEvent.click(screen.getByRole('button', { name: /^Large/ }));
    expect(onSelect).toHaveBeenLastCalledWith({ sizes: ['Large'], printModes: [] });
  });

  it('DTF: BySize first, ByPrintType cards highlight and clear, the film summary and the partial-data note', () => {
    const onSelect = renderSummary(DTF_SUMMARY, 'DTF');
    expect(screen.getByRole('note').textContent).toContain(
      'Size data is not available for part of the selected period',
    );
    expect(screen.getByRole('group', { name: 'Medium' }).textContent).toContain('280 m');
    expect(within(screen.getByRole('group', { name: 'Film summary' })).getByText('600 mm')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'By Print Type' }));
    fireEvent.click(screen.getByRole('button', { name: /^Quality Solid/ }));
    expect(onSelect).toHaveBeenLastCalledWith({ sizes: [], printModes: [3] });
    expect(screen.getByRole('button', { name: /^Quality Solid/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onSelect).toHaveBeenLastCalledWith({ sizes: [], printModes: [] });
    expect(screen.getByRole('button', { name: 'Clear' })).toHaveProperty('disabled', true);
  });
});
