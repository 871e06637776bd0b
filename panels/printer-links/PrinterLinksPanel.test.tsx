import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { PanelCapabilitiesProvider } from '../../src/runtime/panel-sdk.ts';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import { fixtureSystemLink, PRINTER_LINKS_ANSWER, PRINTER_LINKS_OPTIONS, PRINTER_LINKS_SERIAL } from './fixtures.ts';
import { printerLine, selectPrinterLinks } from './model.ts';
import { PrinterLinksPanel } from './PrinterLinksPanel.tsx';

const capabilities = { useSystemPageLink: () => fixtureSystemLink };

function renderLinks(selectedSystems: string[], answer = PRINTER_LINKS_ANSWER) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <PanelCapabilitiesProvider capabilities={capabilities}>{children}</PanelCapabilitiesProvider>
    </MemoryRouter>
  );
  return renderPanel(
    PrinterLinksPanel,
    { options: PRINTER_LINKS_OPTIONS, data: selectPrinterLinks(answer), title: 'Selected printer', selectedSystems },
    { wrapper },
  );
}

describe('PrinterLinksPanel', () => {
  it("names the selected printer and links to its three pages with the capability's addresses", () => {
    renderLinks([PRINTER_LINKS_SERIAL]);
    expect(screen.getByText(PRINTER_LINKS_SERIAL)).toBeTruthy();
    expect(screen.getByText('Line 3 · Storm Hybrid')).toBeTruthy();
    expect(screen.getByText('Printing now')).toBeTruthy();
    const pages = screen.getByRole('list', { name: `Pages of ${PRINTER_LINKS_SERIAL}` });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
    ).toEqual([
      [`Parameters: ${PRINTER_LINKS_SERIAL}`, fixtureSystemLink('machine-config', PRINTER_LINKS_SERIAL)],
      [`Open Ticket: ${PRINTER_LINKS_SERIAL}`, fixtureSystemLink('service-ticket', PRINTER_LINKS_SERIAL)],
      [`System Page: ${PRINTER_LINKS_SERIAL}`, fixtureSystemLink('system-page', PRINTER_LINKS_SERIAL)],
    ]);
  });

  it('draws nothing unless exactly one printer is selected', () => {
    const { container } = renderLinks([PRINTER_LINKS_SERIAL, 'DTG-10002']);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('still links to a printer the answer does not list', () => {
    renderLinks(['DTG-99999'], []);
    expect(screen.getByRole('link', { name: 'System Page: DTG-99999' }).getAttribute('href')).toBe(
      fixtureSystemLink('system-page', 'DTG-99999'),
    );
  });
});

describe('printer-links model', () => {
  it('reads nickname, model, status and last update of the selected printer', () => {
    expect(printerLine(PRINTER_LINKS_ANSWER, [PRINTER_LINKS_SERIAL], t)).toEqual({
      serialNumber: PRINTER_LINKS_SERIAL,
      details: 'Line 3 · Storm Hybrid',
      status: { label: 'Printing', colour: '#1BB934' },
      lastUpdate: expect.stringMatching(/^Last update March 05, 2024, \d\d:30 (am|pm)$/) as unknown as string,
    });
  });

  it('leaves out a missing nickname and says when a printer never reported', () => {
    expect(printerLine(PRINTER_LINKS_ANSWER, ['DTG-10002'], t)).toEqual({
      serialNumber: 'DTG-10002',
      details: 'Storm Hybrid',
      status: { label: 'Not Reporting', colour: '#C5D0DE' },
      lastUpdate: 'Never reported',
    });
  });

  it('names no printer for an empty (all) or a wider selection', () => {
    expect(printerLine(PRINTER_LINKS_ANSWER, [], t)).toBeNull();
    expect(printerLine(PRINTER_LINKS_ANSWER, [PRINTER_LINKS_SERIAL, 'DTG-10002'], t)).toBeNull();
  });
});
