import { Suspense, useRef, useState, type JSX } from 'react';
import { lazyWithRetry } from '../../runtime/lazy-with-retry.ts';
import type { Timeframe } from '../../shared/timeframes/timeframes.ts';
import type { PickerProps } from './pickers/picker-props.ts';

/**
 * The popup (PrimeReact's OverlayPanel and Calendar, about 35 KB gzip with PrimeReact's component base) loads when the
 * title is pointed at, focused or clicked, not with the report: every report route loads less JavaScript (issue #11).
 */
const loadPickerPopup = () => import('./PickerPopup.tsx');
const PickerPopup = lazyWithRetry(() => loadPickerPopup().then((module) => ({ default: module.PickerPopup })));

interface DatePickerButtonProps extends PickerProps {
  title: string;
  timeframe: Exclude<Timeframe, 'custom'>;
}

/** The period title that opens the timeframe's picker in a popup; choosing a date closes it (spec reports §2). */
export function DatePickerButton({ title, timeframe, ...picker }: DatePickerButtonProps): JSX.Element {
  const button = useRef<HTMLButtonElement>(null);
  const [toggles, setToggles] = useState(0);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="filter-bar__title filter-bar__title-button"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadPickerPopup()}
        onFocus={() => void loadPickerPopup()}
        onClick={() => setToggles((count) => count + 1)}
      >
        <i className="pi pi-calendar" aria-hidden="true" />
        <span aria-live="polite">{title}</span>
      </button>
      {toggles > 0 && (
        <Suspense fallback={null}>
          <PickerPopup {...picker} timeframe={timeframe} anchor={button} toggles={toggles} />
        </Suspense>
      )}
    </>
  );
}
