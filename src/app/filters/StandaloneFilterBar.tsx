import type { JSX } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import {
  filterBarView,
  reportFiltersMachine,
  toReportFilters,
  type ReportFiltersInput,
} from '../../machines/report-filters.machine.ts';
import { FilterBar, type FilterBarProps } from './FilterBar.tsx';
import { useMachineTree } from './machine-tree/use-machine-tree.ts';
import type { ReportFiltersHandle } from './use-report-filters.ts';

/** The filter bar on its own report-filters machine, without URL or API: for stories and component tests. */
export function StandaloneFilterBar({
  input,
  ...props
}: Omit<FilterBarProps, 'filters'> & { input: ReportFiltersInput }): JSX.Element {
  const actor = useActorRef(reportFiltersMachine, { input });
  const snapshot = useSelector(actor, (state) => state);
  const { timeframe, selectedDate } = snapshot.context;
  const machineTree = useMachineTree(snapshot, (event) => actor.send(event));
  const handle: ReportFiltersHandle = {
    filters: snapshot.matches('ready') ? toReportFilters(snapshot) : null,
    view: filterBarView(snapshot),
    timeframe,
    selectedDate,
    send: (event) => actor.send(event),
    machineTree,
  };
  return <FilterBar filters={handle} {...props} />;
}
