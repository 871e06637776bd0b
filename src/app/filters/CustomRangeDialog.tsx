import { useEffect, type JSX } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { CustomRange } from '../../shared/timeframes/custom-range-rules.ts';
import { maxDate, type DateBounds } from '../../shared/timeframes/timeframe-dates.ts';
import { customRangeMachine, customRangeView } from '../../machines/custom-range.machine.ts';
import { HourPicker } from './HourPicker.tsx';
import { DayCalendar } from './pickers/DayCalendar.tsx';
import './CustomRangeDialog.css';

export interface CustomRangeDialogProps {
  bounds: DateBounds;
  group: SystemGroup;
  /** The hour pickers are shown (not on Jobs). */
  withHours: boolean;
  /** The range applied before, to edit. */
  initial?: CustomRange;
  onApply: (range: CustomRange) => void;
  onClose: () => void;
}

/**
 * Custom range picker (spec reports §2, §5), driven by the custom-range machine: From and To calendars with their
 * hours, the rule messages, and Submit, which is enabled only when the machine is `ready`. Mount it to open it: every
 * opening starts a fresh machine from the applied range.
 */
export function CustomRangeDialog({
  bounds,
  group,
  withHours,
  initial,
  onApply,
  onClose,
}: CustomRangeDialogProps): JSX.Element {
  const actor = useActorRef(customRangeMachine, { input: { bounds, group, withHours, initial } });
  const snapshot = useSelector(actor, (state) => state);
  const view = customRangeView(snapshot);
  const { from, to, fromTime, toTime } = snapshot.context;

  useEffect(() => {
    const subscription = actor.on('range.submitted', (event) => onApply(event.range));
    return () => subscription.unsubscribe();
  }, [actor, onApply]);

  const footer = (
    <Button label="Submit" disabled={!view.canSubmit} onClick={() => actor.send({ type: 'range.submit' })} />
  );
  return (
    <Dialog
      visible
      header="Custom Range"
      className="custom-range"
      footer={footer}
      onHide={onClose}
      dismissableMask
      draggable={false}
      resizable={false}
    >
      <div className="custom-range__sides">
        <div className="custom-range__side">
          <h3 className="custom-range__label">From</h3>
          <DayCalendar
            label="From date"
            highlight="day"
            value={from}
            bounds={bounds}
            tooltipOf={view.tooltipOf}
            onSelect={(date) => actor.send({ type: 'from.change', date })}
          />
          {withHours && (
            <HourPicker
              label="From"
              value={fromTime}
              disabled={!view.hoursEditable}
              onChange={(time) => actor.send({ type: 'fromTime.change', time })}
            />
          )}
        </div>
        <div className="custom-range__side">
          <h3 className="custom-range__label">To</h3>
          <DayCalendar
            label="To date"
            highlight="day"
            value={to}
            bounds={{ ...bounds, first: from === null ? bounds.first : maxDate(from, bounds.first) }}
            tooltipOf={view.tooltipOf}
            onSelect={(date) => actor.send({ type: 'to.change', date })}
          />
          {withHours && (
            <HourPicker
              label="To"
              value={toTime}
              disabled={!view.hoursEditable}
              onChange={(time) => actor.send({ type: 'toTime.change', time })}
            />
          )}
        </div>
      </div>
      {view.error !== null && (
        <p className="custom-range__message custom-range__message--error" role="alert">
          {view.error}
        </p>
      )}
      {view.warning !== null && (
        <p className="custom-range__message custom-range__message--warning" role="status">
          {view.warning}
        </p>
      )}
    </Dialog>
  );
}
