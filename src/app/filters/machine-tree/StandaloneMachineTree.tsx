import { useEffect, useState, type JSX } from 'react';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import type { FilterData } from '../../../shared/systems/filter-data.ts';
import { TIMEFRAME_TABLE } from '../../../shared/timeframes/timeframe-table.ts';
import type { ReportId } from '../../../shared/timeframes/timeframes.ts';
import { reportFiltersMachine } from '../../../machines/report-filters.machine.ts';
import { MachineTree, type MachineTreeEvent } from './MachineTree.tsx';

/** A fixed clock for the machine: the tree does not depend on dates. */
const NOW = Date.UTC(2026, 2, 5, 12);

export interface StandaloneMachineTreeProps {
  data: FilterData;
  /** The report whose rules apply: 'tv-dashboard' is single-printer. */
  report?: ReportId;
  listHeight?: number;
  lowLevelSelect?: boolean;
  /** Events applied before the first render (e.g. to show a partial selection). */
  setup?: MachineTreeEvent[];
}

/** The machine tree on its own report-filters machine, without URL or API: for stories, tests and the benchmark. */
export function StandaloneMachineTree({
  data,
  report = 'overview',
  listHeight = 400,
  lowLevelSelect,
  setup = [],
}: StandaloneMachineTreeProps): JSX.Element {
  const [actor] = useState(() => {
    const created = createActor(reportFiltersMachine, {
      input: { report, rules: TIMEFRAME_TABLE[report], group: 'DTG', now: NOW, filterData: { DTG: data } },
    }).start();
    for (const event of setup) created.send(event);
    return created;
  });
  useEffect(
    () => () => {
      actor.stop();
    },
    [actor],
  );
  const { selection, foldedSiteIds, foldedModelIds } = useSelector(actor, (state) => state.context);
  return (
    <MachineTree
      data={data}
      selection={selection}
      foldedSiteIds={foldedSiteIds}
      foldedModelIds={foldedModelIds}
      singlePrinter={TIMEFRAME_TABLE[report].filterBar?.singlePrinter === true}
      lowLevelSelect={lowLevelSelect}
      listHeight={listHeight}
      onEvent={(event) => actor.send(event)}
    />
  );
}
