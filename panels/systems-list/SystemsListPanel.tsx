import { useMemo, useState, type JSX } from 'react';
import { usePanelCapabilities, useTranslation, type Loadable, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import type { SoftwareVersionsResponse } from '../../src/shared/api-types.ts';
import type { SystemsListData } from './model.ts';
import type { SystemsListOptions } from './options.ts';
import type { SoftwareVersionsState } from './SoftwareVersionsDialog.tsx';
import { nicknamesOfAnalysis, visibleSystems } from './system-display.ts';
import { SystemsListView } from './SystemsListView.tsx';
import './SystemsListPanel.css';

function softwareState({ data, failed }: Loadable<SoftwareVersionsResponse>): SoftwareVersionsState {
  if (data !== undefined) return { status: 'success', versions: data };
  return failed ? { status: 'error' } : { status: 'loading' };
}

/**
 * Systems Analysis (spec reports §2): the systems of the period in the machine selection, with their nicknames, as a
 * table or cards; the nickname and software popups call the app through the panel capabilities.
 */
export function SystemsListPanel({
  data,
  systemGroup,
  selectedSystems = [],
}: PanelProps<SystemsListOptions, SystemsListData>): JSX.Element {
  const { t } = useTranslation();
  const capabilities = usePanelCapabilities();
  const nicknames = capabilities.useSystemNicknames();
  const saveNickname = capabilities.useSaveSystemNickname();
  const preference = capabilities.useSystemsViewPreference();
  const systemLink = capabilities.useSystemPageLink();
  const [softwareSerial, setSoftwareSerial] = useState<string | null>(null);
  const software = capabilities.useSoftwareVersions(softwareSerial);
  // Without the nickname list, the nicknames the analysis answer carries (spec reports §8).
  const shownNicknames = nicknames.failed ? nicknamesOfAnalysis(data) : nicknames.data;
  const systems = useMemo(
    () => visibleSystems(data, selectedSystems, shownNicknames, t),
    [data, selectedSystems, shownNicknames, t],
  );
  return (
    <SystemsListView
      systems={systems}
      group={systemGroup}
      initialView={preference.view}
      onViewChange={preference.save}
      nicknamesFailed={nicknames.failed}
      onSaveNickname={saveNickname}
      software={softwareSerial === null ? null : { serialNumber: softwareSerial, state: softwareState(software) }}
      onShowSoftware={setSoftwareSerial}
      onCloseSoftware={() => setSoftwareSerial(null)}
      systemLink={systemLink}
    />
  );
}
