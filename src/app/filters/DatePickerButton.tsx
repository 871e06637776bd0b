import { useRef, type JSX } from 'react';
import { OverlayPanel } from 'primereact/overlaypanel';
import type { Timeframe } from '../../shared/timeframes/timeframes.ts';
import { PeriodPicker } from './pickers/PeriodPicker.tsx';
import type { PickerProps } from './pickers/picker-props.ts';

interface DatePickerButtonProps extends PickerProps {
  title: string;
  timeframe: Exclude<Timeframe, 'custom'>;
}

/** The period title that opens the timeframe's picker in a popup; choosing a date closes it (spec reports §2). */
export function DatePickerButton({ title, timeframe, onSelect, ...picker }: DatePickerButtonProps): JSX.Element {
  const panel = useRef<OverlayPanel>(null);
  return (
    <>
      <button
        type="button"
        className="filter-bar__title filter-bar__title-button"
        aria-haspopup="dialog"
        onClick={(event) => panel.current?.toggle(event)}
      >
        <i className="pi pi-calendar" aria-hidden="true" />
        <span aria-live="polite">{title}</span>
      </button>
      <OverlayPanel
        ref={panel}
        className="filter-bar__picker"
        pt={{ root: { role: 'dialog', 'aria-label': 'Calendar' } }}
      >
        <PeriodPicker
          {...picker}
          timeframe={timeframe}
          onSelect={(date) => {
            panel.current?.hide();
            onSelect(date);
          }}
        />
      </OverlayPanel>
    </>
  );
}
