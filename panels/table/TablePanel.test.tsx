import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage, DEFAULT_LANGUAGE, i18n } from '../../src/i18n/i18n.ts';
import { words } from '../../src/i18n/frame-words.fixtures.ts';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import type { TableFrame } from '../../src/shared/contract/frames.ts';
import { SOFTWARE_VERSIONS_FRAMES } from '../../src/shared/contract/system-data.frames.ts';
import {
  MACHINE_SETTINGS,
  SYSTEM_INK_TABLE,
  SYSTEM_QUALISET,
  SYSTEM_SOFTWARE_VERSIONS,
} from '../../src/shared/contract/system-page.fixture.ts';
import {
  MACHINE_SETTINGS_FRAMES,
  SYSTEM_INK_TABLE_FRAMES,
  SYSTEM_QUALISET_FRAMES,
} from '../../src/shared/contract/system-page.frames.ts';
import {
  INK_BY_COLOUR,
  MACHINE_PARAMETERS,
  MAINTENANCE_MESSAGES,
  MESSAGE_ERRORS,
  QUALISET_RESULTS,
  SOFTWARE_COMPONENTS,
  tableOf,
} from './fixtures.ts';
import { formatCell, selectTable } from './model.ts';
import type { TableOptions } from './options.ts';
import { TablePanel } from './TablePanel.tsx';

/** The German of the server's test folder (src/server/i18n/testing/locales/de-DE): a second language is a file. */
const germanFrames = Object.values(
  import.meta.glob<object>('/src/server/i18n/testing/locales/de-DE/frames.json', { eager: true, import: 'default' }),
)[0];

function renderTable(frame: TableFrame, options: TableOptions, title: string) {
  return renderPanel(TablePanel, { options, data: tableOf(frame, options), title });
}

describe('table model', () => {
  it("writes each format: '--' for null, fixed decimals, percent, duration, instants in the viewer's zone (UTC here)", () => {
    expect(formatCell(null, { format: 'number' })).toBe('--');
    expect(formatCell(12_345.6789, { format: 'number' })).toBe('12,345.679');
    expect(formatCell(1_000, { format: 'number', decimals: 1 })).toBe('1,000.0');
    expect(formatCell('stable', { format: 'number' })).toBe('stable');
    expect(formatCell(1234, { format: 'text' })).toBe('1234');
    expect(formatCell(0.25, { format: 'percent' })).toBe('25.00%');
    expect(formatCell(500, { format: 'duration' })).toBe('8m 20s');
    expect(formatCell('2026-11-18T14:00:00Z', { format: 'shortInstant' })).toBe('Nov 18, 02:00 pm');
    expect(formatCell('2026-11-02T09:12:00Z', { format: 'instant' })).toBe('November 02, 2026, 09:12 am');
  });

  it('shows the columns the options choose, in their order, with their labels and decimals; at most maxRows rows', () => {
    const data = selectTable(INK_BY_COLOUR, {
      columns: [{ key: 'loaded', label: 'Filled', decimals: 0 }, { key: 'colour' }, { key: 'nope' }],
      maxRows: 2,
    });
    expect(data?.columns.map((column) => [column.key, words(column.label), column.decimals])).toEqual([
      ['loaded', 'Filled', 0],
      ['colour', 'Colour', undefined],
    ]);
    expect(data?.rows).toHaveLength(2);
  });

  it('is empty (null) with neither rows, facts nor summary', () => {
    const none = { ...SYSTEM_INK_TABLE, colorData: [] };
    expect(selectTable(SYSTEM_INK_TABLE_FRAMES.inkByColour.read(none), {})).toBeNull();
    const noSoftware = { ...SYSTEM_SOFTWARE_VERSIONS, componentVersions: [], globalSoftwareVersion: null };
    expect(selectTable(SOFTWARE_VERSIONS_FRAMES.components.read(noSoftware), {})).toBeNull();
    const noTests = { ...SYSTEM_QUALISET, tests: 0, passed: 0, passRate: null, results: [] };
    expect(selectTable(SYSTEM_QUALISET_FRAMES.qualisetResults.read(noTests), {})).toBeNull();
  });
});

describe('TablePanel', () => {
  it('draws the ink per colour with the per-unit header of the answer (spec reports §2 System page)', () => {
    renderTable(INK_BY_COLOUR, {}, 'Ink');
    expect(screen.getByRole('columnheader', { name: 'ml/imp' })).toBeDefined();
    expect(screen.getByRole('row', { name: 'Black 512.3 1,000.0 1 0.410' })).toBeDefined();
    expect(screen.getByRole('region', { name: 'Ink, scrollable' })).toBeDefined();
  });

  it('draws one row per message with its count, duration and share', () => {
    renderTable(MAINTENANCE_MESSAGES, {}, 'Maintenance');
    expect(screen.getByRole('table', { name: 'Maintenance' })).toBeDefined();
    expect(screen.getByRole('row', { name: 'Daily cleaning M-10 1 40m 66.70%' })).toBeDefined();
  });

  it("words the frame's headers, facts, notes and summary in the user's language (a texts file, no code)", async () => {
    const german = {
      frames: {
        parameters: { name: 'Parameter', value: 'Wert', device: 'Gerät', outOfRange: 'außerhalb' },
        messages: { message: 'Meldung', share: 'Anteil' },
      },
    };
    i18n.addResourceBundle('de-DE', 'translation', german, true, true);
    await act(() => changeLanguage('de-DE'));
    try {
      renderTable(MACHINE_PARAMETERS, {}, 'Parameters');
      expect(screen.getByRole('columnheader', { name: 'Wert' })).toBeDefined();
      expect(screen.getByText('Gerät')).toBeDefined();
      expect(screen.getByText('(außerhalb)')).toBeDefined();
      // A key the language lacks: en-US.
      expect(screen.getByRole('columnheader', { name: 'Min' })).toBeDefined();
      renderTable(MESSAGE_ERRORS, {}, 'Errors');
      expect(screen.getByRole('columnheader', { name: 'Meldung' })).toBeDefined();
    } finally {
      await act(() => changeLanguage(DEFAULT_LANGUAGE));
    }
  });

  it("words the frame's words in cells in the user's language, and the search finds a row by them", async () => {
    i18n.addResourceBundle('de-DE', 'translation', germanFrames, true, true);
    await act(() => changeLanguage('de-DE'));
    try {
      renderTable(QUALISET_RESULTS, {}, 'Qualiset');
      expect(screen.getAllByText('Bestanden').map((cell) => cell.className)).toEqual([
        'table-panel__tone--good',
        'table-panel__tone--good',
      ]);
      expect(screen.getByText('Nicht bestanden').className).toBe('table-panel__tone--bad');
      expect(screen.queryByText('Passed')).toBeNull();

      const search = { placeholder: 'Meldung', noun: 'Meldungen' };
      renderTable(MESSAGE_ERRORS, { search }, 'Fehler');
      const table = screen.getByRole('table', { name: 'Fehler' });
      expect(within(table).getAllByRole('rowheader').at(-1)?.textContent).toBe('Sonstige');
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'SONST' } });
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Sonstige']);
      // The code the answer sends is not what the user reads: it finds nothing.
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Other' } });
      expect(within(table).queryAllByRole('rowheader')).toEqual([]);
    } finally {
      await act(() => changeLanguage(DEFAULT_LANGUAGE));
    }
  });

  it('marks the columns that give way on a phone', () => {
    const options = { hideWhenNarrow: ['share'] };
    renderTable(MESSAGE_ERRORS, options, 'Errors');
    expect(screen.getByRole('columnheader', { name: 'Share' }).className).toContain('panel-table__narrow-hidden');
    expect(screen.getByRole('columnheader', { name: 'Message' }).className).not.toContain('narrow-hidden');
  });

  it('draws the Qualiset pass rate over the results, a missing score as --, the result in its colour', () => {
    renderTable(QUALISET_RESULTS, { maxRows: 20 }, 'Qualiset');
    expect(screen.getByText('Passed 2 of 3 (66.67%)')).toBeDefined();
    expect(screen.getByRole('row', { name: /Registration Passed --$/ })).toBeDefined();
    expect(screen.getByText('Failed').className).toBe('table-panel__tone--bad');
  });

  it('shows the software facts and each component', () => {
    renderTable(SOFTWARE_COMPONENTS, {}, 'Software version');
    expect(screen.getByText('5.4.2', { selector: 'dd' })).toBeDefined();
    expect(screen.getByRole('rowheader', { name: 'Print engine' })).toBeDefined();
  });

  it('shows the device, notes a value out of range and filters the parameters as the user types', () => {
    const search = { placeholder: 'Parameter name', noun: 'parameters' };
    renderTable(MACHINE_PARAMETERS, { search }, 'Parameters');
    expect(screen.getByText('Line 3 (SN 4711)')).toBeDefined();
    expect(screen.getByRole('img', { name: 'Storm Hybrid printer' })).toBeDefined();
    expect(screen.getByRole('row', { name: 'Ink pressure 2.9 (out of range) 3 5' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('4 of 4 parameters');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '  PLATEN ' } });
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ParameterValueMinMax',
      'Platen height120--',
    ]);
    expect(screen.getByRole('status').textContent).toBe('1 of 4 parameters');
  });

  it('says so when a device has no parameters', () => {
    renderTable(MACHINE_SETTINGS_FRAMES.parameters.read({ ...MACHINE_SETTINGS, params: [] }), {}, 'Parameters');
    expect(screen.getByText('No parameters recorded')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
