import type { JSX } from 'react';
import { useTranslation } from '../../src/runtime/panel-sdk.ts';
import type { SortKey, SystemSort } from './system-sort.ts';

/** `aria-sort` value of a header cell for the current sort. */
export function ariaSort(sort: SystemSort | null, key: SortKey): 'ascending' | 'descending' | 'none' {
  if (sort?.key !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

export interface SortHeaderButtonProps {
  sortKey: SortKey;
  sort: SystemSort | null;
  onSort: (key: SortKey) => void;
}

/** A sortable header cell's button: its label and an arrow for the current direction. */
export function SortHeaderButton({ sortKey, sort, onSort }: SortHeaderButtonProps): JSX.Element {
  const { t } = useTranslation();
  const state = ariaSort(sort, sortKey);
  const arrow = state === 'ascending' ? 'pi-arrow-up' : state === 'descending' ? 'pi-arrow-down' : 'pi-sort-alt';
  return (
    <button
      type="button"
      className={`systems-analysis__sort systems-analysis__sort--${state}`}
      aria-pressed={state !== 'none'}
      onClick={() => onSort(sortKey)}
    >
      {t(`panels.systemsList.columns.${sortKey}`)}
      <i className={`pi ${arrow}`} aria-hidden="true" />
    </button>
  );
}
