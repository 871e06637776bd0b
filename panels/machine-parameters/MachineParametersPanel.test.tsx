import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MACHINE_PARAMETERS_ANSWER, MACHINE_PARAMETERS_OPTIONS } from './fixtures.ts';
import { filterParameters, formatParameter, isOutOfRange, selectMachineParameters } from './model.ts';
import { MachineParametersPanel } from './MachineParametersPanel.tsx';

describe('machine-parameters model', () => {
  it("shows numbers and text as given and an absent min or max as '--' (spec reports §5)", () => {
    expect(selectMachineParameters(MACHINE_PARAMETERS_ANSWER).rows).toEqual([
      { name: 'Firmware channel', value: 'stable', min: '--', max: '--', outOfRange: false },
      { name: 'Head temperature', value: '41.5', min: '30', max: '45', outOfRange: false },
      { name: 'Ink pressure', value: '2.9', min: '3', max: '5', outOfRange: true },
      { name: 'Platen height', value: '12', min: '0', max: '--', outOfRange: false },
    ]);
    expect(formatParameter(12_345.6789)).toBe('12,345.679');
  });

  it('marks only numbers outside a limit that exists', () => {
    expect(isOutOfRange(6, 3, 5)).toBe(true);
    expect(isOutOfRange(6, 3)).toBe(false);
    expect(isOutOfRange('high', 3, 5)).toBe(false);
  });

  it('searches parameter names ignoring case', () => {
    const rows = selectMachineParameters(MACHINE_PARAMETERS_ANSWER).rows;
    expect(filterParameters(rows, '  INK ').map((row) => row.name)).toEqual(['Ink pressure']);
    expect(filterParameters(rows, '')).toHaveLength(4);
  });
});

describe('MachineParametersPanel', () => {
  it('shows the device and filters the table as the user types', () => {
    render(
      <MachineParametersPanel
        options={MACHINE_PARAMETERS_OPTIONS}
        data={selectMachineParameters(MACHINE_PARAMETERS_ANSWER)}
        title="Parameters"
        systemGroup="DTG"
        width={800}
        height={420}
      />,
    );
    expect(screen.getByText('Line 3 (SN 4711)')).toBeDefined();
    expect(screen.getByRole('img', { name: 'Storm Hybrid printer' })).toBeDefined();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'platen' } });
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ParameterValueMinMax',
      'Platen height120--',
    ]);
  });
});
