import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../runtime/report-texts.ts';
import { MACHINE_FILTER_ID, type MachineTreeHandle } from './use-machine-tree.ts';
import './MachineFilter.css';

/**
 * The filter bar's Filter button: shows or hides the machine tree panel (wide screens) or opens its drawer (≤ 1400 px).
 * A dot marks a partial selection (spec reports §2: sites, models or systems selected, but not all systems).
 */
export function MachineFilterButton({ tree }: { tree: MachineTreeHandle }): JSX.Element {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="machine-filter-button"
      aria-label={tree.partial ? t('filters.machineTree.filterPartial') : t('filters.machineTree.filter')}
      aria-expanded={tree.open}
      aria-controls={tree.open && tree.mounted ? MACHINE_FILTER_ID : undefined}
      disabled={tree.data === null}
      onClick={() => tree.setOpen(!tree.open)}
    >
      <i className="pi pi-filter" aria-hidden="true" />
      {t('filters.machineTree.filter')}
      {tree.partial && <span className="machine-filter-button__dot" aria-hidden="true" />}
    </button>
  );
}
