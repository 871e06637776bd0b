import { useEffect, useMemo, useState, type JSX } from 'react';
import '../../../runtime/report-texts.ts';
// The panel SDK's texts hold the spec's tooltip.xmr.singleSelection (the TV dashboard's single-printer mode).
import { useTranslation } from '../../../runtime/panel-sdk-text.ts';
import type { FilterData, Selection } from '../../../shared/systems/filter-data.ts';
import type { ReportFiltersEvent } from '../../../machines/report-filters.machine.ts';
import { allCheckState, buildTreeRows, indexTree, type CheckState, type TreeRow } from './tree-rows.ts';
import { VirtualRows } from './VirtualRows.tsx';
import './MachineTree.css';

/** How long the single-printer tooltip stays after a second printer was picked. */
export const SINGLE_PRINTER_NOTICE_MS = 4000;

/** Height of one tree row in px (the list is virtualised on fixed-height rows). */
export const TREE_ROW_HEIGHT = 32;

/** The events the tree sends to the report-filters machine. */
export type MachineTreeEvent = Extract<ReportFiltersEvent, { type: `selection.${string}` | 'tree.toggleFold' }>;

export interface MachineTreeProps {
  data: FilterData;
  selection: Selection;
  foldedSiteIds: readonly string[];
  foldedModelIds: readonly string[];
  /** Only one printer may be selected: 'All', site and model toggles are disabled with a tooltip. */
  singlePrinter: boolean;
  /** Without it a selected parent checks and disables its children (spec reports §2); the reports allow it. */
  lowLevelSelect?: boolean;
  /** Fixed height of the scrolling list in px (spec reports §2: report height minus 100). */
  listHeight: number;
  onEvent: (event: MachineTreeEvent) => void;
}

function CheckBox({
  check,
  label,
  disabled,
  onToggle,
}: {
  check: CheckState;
  label: string;
  disabled: boolean;
  onToggle: () => void;
}): JSX.Element {
  return (
    <button
      type="button"
      role="checkbox"
      className={`machine-tree__check machine-tree__check--${check}`}
      aria-checked={check === 'partial' ? 'mixed' : check === 'checked'}
      disabled={disabled}
      onClick={onToggle}
    >
      <span className="machine-tree__box" aria-hidden="true">
        {check === 'checked' && <i className="pi pi-check" />}
        {check === 'partial' && <i className="pi pi-minus" />}
      </span>
      <span className="machine-tree__label" title={label}>
        {label}
      </span>
    </button>
  );
}

function toggleEvent(row: TreeRow): MachineTreeEvent {
  if (row.kind === 'site') return { type: 'selection.toggleSite', siteId: row.id };
  if (row.kind === 'model') return { type: 'selection.toggleModel', modelId: row.id, siteId: row.siteId };
  return { type: 'selection.toggleSystem', serial: row.id };
}

function TreeRowView({
  row,
  singlePrinter,
  onEvent,
}: {
  row: TreeRow;
  singlePrinter: boolean;
  onEvent: (event: MachineTreeEvent) => void;
}): JSX.Element {
  const { t } = useTranslation();
  const label = row.nickname === undefined ? row.label : `${row.label} (${row.nickname})`;
  const fold = row.kind === 'system' ? null : row.kind;
  return (
    <div
      role="treeitem"
      aria-level={row.level}
      aria-expanded={row.expanded ?? undefined}
      aria-selected={row.check === 'checked'}
      className={`machine-tree__row machine-tree__row--${row.kind}`}
      title={singlePrinter && row.kind !== 'system' ? t('tooltip.xmr.singleSelection') : undefined}
    >
      {fold === null ? (
        <span className="machine-tree__fold-space" />
      ) : (
        <button
          type="button"
          className="machine-tree__fold"
          aria-label={
            row.expanded === true
              ? t('filters.machineTree.collapse', { name: row.label })
              : t('filters.machineTree.expand', { name: row.label })
          }
          onClick={() => onEvent({ type: 'tree.toggleFold', level: fold, id: row.foldId })}
        >
          <i className={`pi ${row.expanded === true ? 'pi-chevron-down' : 'pi-chevron-right'}`} aria-hidden="true" />
        </button>
      )}
      <CheckBox check={row.check} label={label} disabled={row.disabled} onToggle={() => onEvent(toggleEvent(row))} />
    </div>
  );
}

/**
 * The machine filter tree (spec reports §2): sites, then models, then serial numbers with tri-state checkboxes, an
 * 'All' row and a Search box. The visible tree is flattened into rows and only the rows in view are rendered.
 */
export function MachineTree({
  data,
  selection,
  foldedSiteIds,
  foldedModelIds,
  singlePrinter,
  lowLevelSelect = true,
  listHeight,
  onEvent,
}: MachineTreeProps): JSX.Element {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // Single-printer mode: picking a second printer replaces the first; the tooltip says why, for a few seconds.
  const [replacedNotice, setReplacedNotice] = useState(0);
  useEffect(() => {
    if (replacedNotice === 0) return undefined;
    const timer = setTimeout(() => setReplacedNotice(0), SINGLE_PRINTER_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [replacedNotice]);
  const send = (event: MachineTreeEvent) => {
    if (
      singlePrinter &&
      event.type === 'selection.toggleSystem' &&
      selection.serials.length > 0 &&
      !selection.serials.includes(event.serial)
    ) {
      setReplacedNotice((count) => count + 1);
    }
    onEvent(event);
  };
  const index = useMemo(() => indexTree(data), [data]);
  const rows = useMemo(
    () => buildTreeRows(index, selection, { foldedSiteIds, foldedModelIds, search, singlePrinter, lowLevelSelect }),
    [index, selection, foldedSiteIds, foldedModelIds, search, singlePrinter, lowLevelSelect],
  );
  return (
    <div className="machine-tree">
      <input
        type="search"
        className="machine-tree__search"
        aria-label={t('filters.machineTree.search')}
        placeholder={t('filters.machineTree.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {replacedNotice > 0 ? (
        <p className="machine-tree__tooltip" role="tooltip" id="single-printer-tooltip">
          {t('tooltip.xmr.singleSelection')}
        </p>
      ) : null}
      <div
        className="machine-tree__row machine-tree__row--all"
        title={singlePrinter ? t('tooltip.xmr.singleSelection') : undefined}
      >
        <CheckBox
          check={allCheckState(data, selection)}
          label={t('filters.machineTree.all')}
          disabled={singlePrinter}
          onToggle={() => onEvent({ type: 'selection.toggleAll' })}
        />
      </div>
      <VirtualRows
        role="tree"
        label={t('filters.machineTree.machines')}
        count={rows.length}
        rowHeight={TREE_ROW_HEIGHT}
        height={listHeight}
        renderRow={(rowIndex) => {
          const row = rows[rowIndex];
          return row === undefined ? null : <TreeRowView row={row} singlePrinter={singlePrinter} onEvent={send} />;
        }}
      />
    </div>
  );
}
