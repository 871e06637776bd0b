import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PanelCapabilitiesProvider, type ExportCallResult } from '../../src/runtime/panel-sdk.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { DTF_JANUARY_CARDS, INK_EXPORT_OPTIONS, WEEK_CARDS, fakeExportFile } from './fixtures.ts';
import { ExportDownloadPanel } from './ExportDownloadPanel.tsx';
import { canDownload, downloadStateOf, selectExportDownload, type ExportDownloadAnswer } from './model.ts';

function renderButton(
  check: ExportCallResult | undefined,
  file?: () => Promise<ExportCallResult>,
  answer: ExportDownloadAnswer = WEEK_CARDS,
  systemGroup: SystemGroup = 'DTG',
) {
  render(
    <PanelCapabilitiesProvider capabilities={fakeExportFile(check, file)}>
      <ExportDownloadPanel
        options={INK_EXPORT_OPTIONS}
        data={selectExportDownload(answer)}
        title="Ink consumption per job"
        systemGroup={systemGroup}
        width={600}
        height={80}
      />
    </PanelCapabilitiesProvider>,
  );
  return screen.getByRole('button', { name: 'Download report' });
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
});

describe('ExportDownloadPanel', () => {
  it('is disabled while checking', () => {
    expect(renderButton(undefined)).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('Checking data to download...');
  });

  it('is enabled when ready, with the 200k limit text', () => {
    const button = renderButton({ httpStatus: 200 });
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('title')).toBe('Ready to download');
    expect(screen.getByText(INK_EXPORT_OPTIONS.limitTexts.limit)).toBeDefined();
  });

  it.each([
    [204, 'No data to download For This Period', 'No Data for this period.'],
    [205, 'Too much data to download, please select shorter period', 'Exceeds 200k limit.'],
  ])('is disabled on %i and says why', (httpStatus, message, limit) => {
    const button = renderButton({ httpStatus });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('title')).toBe(message);
    expect(screen.getByRole('status').textContent).toBe(message);
    expect(screen.getByText(limit)).toBeDefined();
  });

  it("says 'something went wrong, try again later' when the check fails", () => {
    expect(renderButton({ failed: true })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('something went wrong, try again later');
  });

  it("downloads and reports 'Report has been downloaded'", async () => {
    fireEvent.click(renderButton({ httpStatus: 200 }));
    expect(await screen.findByText('Report has been downloaded')).toBeDefined();
  });

  it('reports too much data when the file call answers 205', async () => {
    fireEvent.click(renderButton({ httpStatus: 200 }, () => Promise.resolve({ httpStatus: 205 })));
    expect(await screen.findByText('Too much data to download, please select shorter period')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Download report' })).toHaveProperty('disabled', true);
  });

  it('tells DTF users that per-job data starts on January 31, 2024', () => {
    renderButton({ httpStatus: 200 }, undefined, DTF_JANUARY_CARDS, 'DTF');
    expect(screen.getByText('The data available starting from January 31, 2024')).toBeDefined();
  });
});
