import { useMemo, useState, type JSX } from 'react';
import { Button } from 'primereact/button';
import type { SystemAnalysisItem, SystemsAnalysisView as SystemsView } from '../../src/shared/api-types.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import { PanelFrame, useTranslation } from '../../src/runtime/panel-sdk.ts';
import { ToggleButtons } from '../../src/runtime/panel-sdk-toggle.tsx';
import { NicknameDialog } from './NicknameDialog.tsx';
import { SoftwareVersionsDialog, type SoftwareVersionsState } from './SoftwareVersionsDialog.tsx';
import { SystemCards } from './SystemCards.tsx';
import { SystemsTable } from './SystemsTable.tsx';
import { editableNickname, type SystemLink } from './system-display.ts';
import { nextSort, sortSystems, SORT_BY_STATUS, type SortKey, type SystemSort } from './system-sort.ts';

const VIEWS: readonly SystemsView[] = ['cards', 'table'];

export interface SystemsListViewProps {
  /** The systems of the period, already filtered to the machine selection and carrying their shown nicknames. */
  systems: readonly SystemAnalysisItem[];
  group: SystemGroup;
  /** View shown first: the user's preference, 'table' otherwise. */
  initialView?: SystemsView;
  /** The user switched the view (it is already shown; the page stores it as their preference). */
  onViewChange?: (view: SystemsView) => void;
  nicknamesFailed: boolean;
  onSaveNickname: (serialNumber: string, nickname: string) => Promise<unknown>;
  /** The system whose Software Version Info popup is open, with what it shows; null when closed. */
  software: { serialNumber: string; state: SoftwareVersionsState } | null;
  onShowSoftware: (serialNumber: string) => void;
  onCloseSoftware: () => void;
  /** Address of a system's page (keeping the report's query string). */
  systemLink: SystemLink;
}

/** Systems Analysis below the filter bar: toolbar (view, Sort By Status), the cards or the table, and the popups. */
export function SystemsListView(props: SystemsListViewProps): JSX.Element {
  const { systems, group, initialView = 'table', nicknamesFailed, software, systemLink } = props;
  const { t } = useTranslation();
  const [view, setView] = useState<SystemsView>(initialView);
  const [sort, setSort] = useState<SystemSort | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const rows = useMemo(() => sortSystems(systems, sort), [systems, sort]);
  const onSort = (key: SortKey) => setSort((current) => nextSort(current, key));
  const editedSystem = rows.find((row) => row.serialNumber === editing);
  const List = view === 'cards' ? SystemCards : SystemsTable;
  return (
    <div className="systems-analysis">
      <div className="systems-analysis__toolbar" role="toolbar" aria-label={t('panels.systemsList.toolbar')}>
        <ToggleButtons
          label={t('panels.systemsList.view')}
          options={VIEWS.map((value) => ({ label: t(`panels.systemsList.views.${value}`), value }))}
          value={view}
          onChange={(chosen) => {
            setView(chosen);
            props.onViewChange?.(chosen);
          }}
        />
        <Button
          label={t('panels.systemsList.sortByStatus')}
          icon="pi pi-sort-amount-down"
          outlined
          onClick={() => setSort(SORT_BY_STATUS)}
        />
        <span className="systems-analysis__count">{t('panels.systemsList.count', { count: rows.length })}</span>
        {nicknamesFailed && (
          <span role="alert" className="systems-analysis__error">
            {t('panels.systemsList.nicknamesLoadError')}
          </span>
        )}
      </div>
      {rows.length === 0 ? (
        <PanelFrame title={t('panels.systemsList.title')} state="empty" />
      ) : (
        <List
          rows={rows}
          group={group}
          sort={sort}
          onSort={onSort}
          onEditNickname={setEditing}
          onShowSoftware={props.onShowSoftware}
          systemLink={systemLink}
        />
      )}
      {editedSystem !== undefined && (
        <NicknameDialog
          serialNumber={editedSystem.serialNumber}
          nickname={editableNickname(editedSystem.systemNickName, t)}
          onSave={props.onSaveNickname}
          onClose={() => setEditing(null)}
        />
      )}
      {software !== null && (
        <SoftwareVersionsDialog
          serialNumber={software.serialNumber}
          state={software.state}
          onClose={props.onCloseSoftware}
        />
      )}
    </div>
  );
}
