import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PanelCapabilitiesProvider, type ExportCallResult } from '../../src/runtime/panel-sdk.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { DTF_JANUARY_CARDS, INK_EXPORT_OPTIONS, INK_ROW_LIMIT, WEEK_CARDS, fakeExportFile } from './fixtures.ts';
import { ExportDownloadPanel } from './ExportDownloadPanel.tsx';
import {
  canDownload,
  downloadStateOf,
  formatRowLimit,
  limitText,
  selectExportDownload,
  type ExportDownloadAnswer,
} from './model.ts';

function button(
  check: ExportCallResult | undefined,
  file?: () => Promise<ExportCallResult>,
  answer: ExportDownloadAnswer = WEEK_CARDS,
  systemGroup: SystemGroup = 'DTG',
) {
  return (
    <PanelCapabilitiesProvider capabilities={fakeExportFile(check, file)}>
      <ExportDownloadPanel
        options={INK_EXPORT_OPTIONS}
        data={selectExportDownload(answer)}
        title="Ink consumption per job"
        systemGroup={systemGroup}
        width={600}
        height={80}
      />
    </PanelCapabilitiesProvider>
  );
}

function renderButton(...args: Parameters<typeof button>) {
  const view = render(button(...args));
  return { ...view, button: screen.getByRole('button', { name: 'Download report' }) };
}

describe('export-download model', () => {
  it('maps the check status to the spec states: 200 valid, 204 no data, 205 too much data, others loading', () => {
    expect(downloadStateOf(undefined, 'check')).toBe('checking');
    expect(downloadStateOf({ httpStatus: 200 }, 'check')).toBe('valid');
    expect(downloadStateOf({ httpStatus: 204 }, 'check')).toBe('noData');
    expect(downloadStateOf({ httpStatus: 205 }, 'check')).toBe('tooMuchData');
    expect(downloadStateOf({ httpStatus: 202 }, 'check')).toBe('loading');
    expect(downloadStateOf({ failed: true }, 'check')).toBe('error');
    expect(downloadStateOf({ httpStatus: 200 }, 'file')).toBe('downloaded');
  });

  it('allows a download only after a valid check or a download', () => {
    const states = ['checking', 'valid', 'tooMuchData', 'noData', 'error', 'loading', 'downloaded'] as const;
    expect(states.filter(canDownload)).toEqual(['valid', 'downloaded']);
  });

  it('writes a row limit as the spec does (200k, 1.048M), cut, never rounded up', () => {
    const limits = [200_000, 1_048_575, 5_000, 50_000, 1_200_000, 12_345, 999_999, 2_500_000_000, 999, 0];
    expect(limits.map(formatRowLimit)).toEqual([
      '200k',
      '1.048M',
      '5k',
      '50k',
      '1.2M',
      '12.345k',
      '999.999k',
      '2.5B',
      '999',
      '0',
    ]);
  });

  it('puts the row limit in the texts that name it, and leaves those out while it is not known', () => {
    expect(limitText('tooMuchData', INK_EXPORT_OPTIONS, 5_000)).toBe('Exceeds 5k limit.');
    expect(limitText('valid', INK_EXPORT_OPTIONS, 1_048_575)).toBe(
      'Export limited to 1.048M Jobs. Please change the date range to reduce the number of jobs.',
    );
    expect(limitText('checking', INK_EXPORT_OPTIONS, undefined)).toBeNull();
    expect(limitText('noData', INK_EXPORT_OPTIONS, undefined)).toBe('No Data for this period.');
  });
});

describe('ExportDownloadPanel', () => {
  it('is disabled while checking', () => {
    expect(renderButton(undefined).button).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('Checking data to download...');
  });

  it('is enabled when ready, with the limit text of the limit the check tells', () => {
    const { button } = renderButton({ httpStatus: 200, rowLimit: INK_ROW_LIMIT });
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('title')).toBe('Ready to download');
    expect(
      screen.getByText('Export limited to 200k Jobs. Please change the date range to reduce the number of jobs.'),
    ).toBeDefined();
  });

  it.each([
    [204, 'No data to download For This Period', 'No Data for this period.'],
    [205, 'Too much data to download, please select shorter period', 'Exceeds 200k limit.'],
  ])('is disabled on %i and says why', (httpStatus, message, limit) => {
    const { button } = renderButton({ httpStatus, rowLimit: INK_ROW_LIMIT });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('title')).toBe(message);
    expect(screen.getByRole('status').textContent).toBe(message);
    expect(screen.getByText(limit)).toBeDefined();
  });

  it('names a configured limit that is not the default (PORTAL_EXPORT_INK_JOBS=5000), and keeps it through a new check', () => {
    const { rerender } = renderButton({ httpStatus: 205, rowLimit: 5_000 });
    expect(screen.getByText('Exceeds 5k limit.')).toBeDefined();
    rerender(button({ httpStatus: 200, rowLimit: 5_000 }));
    expect(
      screen.getByText('Export limited to 5k Jobs. Please change the date range to reduce the number of jobs.'),
    ).toBeDefined();
    rerender(button(undefined)); // another period is being checked
    expect(screen.getByText(/^Export limited to 5k Jobs\./)).toBeDefined();
  });

  it('leaves the limit line out until a check tells the limit', () => {
    renderButton(undefined);
    expect(screen.queryByText(/Export limited/)).toBeNull();
  });

  it("says 'something went wrong, try again later' when the check fails", () => {
    expect(renderButton({ failed: true }).button).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('something went wrong, try again later');
  });

  it("downloads and reports 'Report has been downloaded'", async () => {
    fireEvent.click(renderButton({ httpStatus: 200 }).button);
    expect(await screen.findByText('Report has been downloaded')).toBeDefined();
  });

  it('reports too much data when the file call answers 205', async () => {
    fireEvent.click(renderButton({ httpStatus: 200 }, () => Promise.resolve({ httpStatus: 205 })).button);
    expect(await screen.findByText('Too much data to download, please select shorter period')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Download report' })).toHaveProperty('disabled', true);
  });

  it('tells DTF users that per-job data starts on January 31, 2024', () => {
    renderButton({ httpStatus: 200 }, undefined, DTF_JANUARY_CARDS, 'DTF');
    expect(screen.getByText('The data available starting from January 31, 2024')).toBeDefined();
  });
});
