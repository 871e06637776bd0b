import { useEffect, type JSX } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { SystemGroup } from '../../shared/system-group.ts';
import { CUSTOM_RANGE_MESSAGES, type CustomRange } from '../../shared/timeframes/custom-range-rules.ts';
import { maxDate, type DateBounds, type IsoDate } from '../../shared/timeframes/timeframe-dates.ts';
import { customRangeMachine, customRangeView } from '../../machines/custom-range.machine.ts';
import '../../runtime/report-texts.ts';
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
type MessageName = keyof typeof CUSTOM_RANGE_MESSAGES;
const MESSAGE_NAMES = Object.keys(CUSTOM_RANGE_MESSAGES) as MessageName[];

/**
 * The range rules (src/shared, beside the machine that checks them) name their messages by the spec's English words
 * (spec reports §5); the dialog shows each in the current language (`filters.customRange.messages.*`).
 */
function useRangeMessage(): (message: string | null) => string | null {
  const { t } = useTranslation();
  return (message) => {
    const name = MESSAGE_NAMES.find((candidate) => CUSTOM_RANGE_MESSAGES[candidate] === message);
    return name === undefined ? message : t(`filters.customRange.messages.${name}`);
  };
}

export function CustomRangeDialog({
  bounds,
  group,
  withHours,
  initial,
  onApply,
  onClose,
}: CustomRangeDialogProps): JSX.Element {
  const { t } = useTranslation();
  const actor = useActorRef(customRangeMachine, { input: { bounds, group, withHours, initial } });
  const snapshot = useSelector(actor, (state) => state);
  const view = customRangeView(snapshot);
  const shown = useRangeMessage();
  const tooltipOf = (date: IsoDate) => shown(view.tooltipOf(date));
  const { from, to, fromTime, toTime } = snapshot.context;

  useEffect(() => {
    const subscription = actor.on('range.submitted', (event) => onApply(event.range));
    return () => subscription.unsubscribe();
  }, [actor, onApply]);

  const footer = (
    <Button
      label={t('filters.customRange.submit')}
      disabled={!view.canSubmit}
      onClick={() => actor.send({ type: 'range.submit' })}
    />
  );
  return (
    <Dialog
      visible
      header={t('filters.customRange.title')}
      className="custom-range"
      footer={footer}
      onHide={onClose}
      dismissableMask
      draggable={false}
      resizable={false}
    >
      <div className="custom-range__sides">
        <div className="custom-range__side">
          <h3 className="custom-range__label">{t('filters.customRange.from')}</h3>
          <DayCalendar
            label={t('filters.customRange.fromDate')}
            highlight="day"
            value={from}
            bounds={bounds}
            tooltipOf={tooltipOf}
            onSelect={(date) => actor.send({ type: 'from.change', date })}
          />
          {withHours && (
            <HourPicker
              label={t('filters.customRange.from')}
              value={fromTime}
              disabled={!view.hoursEditable}
              onChange={(time) => actor.send({ type: 'fromTime.change', time })}
            />
          )}
        </div>
        <div className="custom-range__side">
          <h3 className="custom-range__label">{t('filters.customRange.to')}</h3>
          <DayCalendar
            label={t('filters.customRange.toDate')}
            highlight="day"
            value={to}
            bounds={{ ...bounds, first: from === null ? bounds.first : maxDate(from, bounds.first) }}
            tooltipOf={tooltipOf}
            onSelect={(date) => actor.send({ type: 'to.change', date })}
          />
          {withHours && (
            <HourPicker
              label={t('filters.customRange.to')}
              value={toTime}
              disabled={!view.hoursEditable}
              onChange={(time) => actor.send({ type: 'toTime.change', time })}
            />
          )}
        </div>
      </div>
      {view.error !== null && (
        <p className="custom-range__message custom-range__message--error" role="alert">
          {shown(view.error)}
        </p>
      )}
      {view.warning !== null && (
        <p className="custom-range__message custom-range__message--warning" role="status">
          {shown(view.warning)}
        </p>
      )}
    </Dialog>
  );
}
