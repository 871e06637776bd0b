import { render, screen } from '@testing-library/react';
import type { JSX } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PanelCapabilitiesProvider, usePanelCapabilities, type PanelCapabilities } from './panel-capabilities.tsx';

function LinkOf({ serialNumber }: { serialNumber: string }): JSX.Element {
  const link = usePanelCapabilities().useSystemPageLink();
  return <a href={link('system-page', serialNumber)}>{serialNumber}</a>;
}

const APP: Partial<PanelCapabilities> = {
  useSystemNicknames: () => ({ data: { nicknameResponse: [] }, failed: false }),
  useSaveSystemNickname: () => () => Promise.resolve(undefined),
  useSoftwareVersions: () => ({ data: undefined, failed: false }),
  useSystemsViewPreference: () => ({ view: 'cards', save: () => undefined }),
  useSystemPageLink: () => (subReport, serialNumber) =>
    `/reports/systems/${subReport}/${serialNumber}?selectedSystemGroup=DTF`,
};

describe('panel capabilities', () => {
  it("hands panels the app's capabilities", () => {
    render(
      <PanelCapabilitiesProvider capabilities={APP}>
        <LinkOf serialNumber="2-50" />
      </PanelCapabilitiesProvider>,
    );
    expect(screen.getByRole('link', { name: '2-50' }).getAttribute('href')).toBe(
      '/reports/systems/system-page/2-50?selectedSystemGroup=DTF',
    );
  });

  it('names the capability a panel used without a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<LinkOf serialNumber="2-50" />)).toThrow(
      "Panel capability 'useSystemPageLink' is not provided: wrap the report in <PanelCapabilitiesProvider>.",
    );
    vi.restoreAllMocks();
  });

  it('names a capability the provider does not offer', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Selection(): JSX.Element {
      usePanelCapabilities().useJobSelection();
      return <p>selection</p>;
    }
    expect(() =>
      render(
        <PanelCapabilitiesProvider capabilities={APP}>
          <Selection />
        </PanelCapabilitiesProvider>,
      ),
    ).toThrow("Panel capability 'useJobSelection' is not provided");
    vi.restoreAllMocks();
  });
});
