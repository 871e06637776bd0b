import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SOFTWARE_VERSIONS_ANSWER, SOFTWARE_VERSIONS_OPTIONS } from './fixtures.ts';
import { selectSoftwareVersions, type SoftwareVersionsData } from './model.ts';
import { SoftwareVersionsPanel } from './SoftwareVersionsPanel.tsx';

describe('software-versions model', () => {
  it('is empty when the system never reported software', () => {
    expect(
      selectSoftwareVersions({
        ...SOFTWARE_VERSIONS_ANSWER,
        componentVersions: [],
        globalSoftwareVersion: null,
        globalSoftwareLastUpdate: null,
      }),
    ).toBeNull();
  });
});

describe('SoftwareVersionsPanel', () => {
  it('shows the global version and each component', () => {
    const data = selectSoftwareVersions(SOFTWARE_VERSIONS_ANSWER) as SoftwareVersionsData;
    render(
      <SoftwareVersionsPanel
        options={SOFTWARE_VERSIONS_OPTIONS}
        data={data}
        title="Software version"
        systemGroup="DTG"
        width={500}
        height={200}
      />,
    );
    expect(screen.getByText('5.4.2', { selector: 'dd' })).toBeDefined();
    expect(screen.getByRole('rowheader', { name: 'Print engine' })).toBeDefined();
  });
});
