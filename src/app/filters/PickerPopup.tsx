import { Suspense, useCallback, useEffect, useRef, type JSX, type RefObject } from 'react';
import { lazyWithRetry } from '../../runtime/lazy-with-retry.ts';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useTranslation } from 'react-i18next';
import type { Timeframe } from '../../shared/timeframes/timeframes.ts';
import type { PickerProps } from './pickers/picker-props.ts';
import '../../runtime/report-texts.ts';

const PeriodPicker = lazyWithRetry(() =>
  import('./pickers/PeriodPicker.tsx').then((module) => ({ default: module.PeriodPicker })),
);

export interface PickerPopupProps extends PickerProps {
  timeframe: Exclude<Timeframe, 'custom'>;
  /** The period title the popup opens under. */
  anchor: RefObject<HTMLButtonElement | null>;
  /** Counts the title's clicks: each one toggles the popup (the first one opens it as this module arrives). */
  toggles: number;
}

/** Runs once the picker has drawn: the popup was placed around the smaller loading box, so it is placed again. */
function Drawn({ onDrawn }: { onDrawn: () => void }): null {
  useEffect(onDrawn, [onDrawn]);
  return null;
}

/**
 * The period title's popup: PrimeReact's OverlayPanel around the timeframe's picker; choosing a date closes it
 * (spec reports §2). A module of its own, loaded at the title's first pointer, focus or click, so no report loads
 * PrimeReact's overlay and calendar code before someone opens a picker (issue #11 budgets).
 */
export function PickerPopup({ timeframe, anchor, toggles, onSelect, ...picker }: PickerPopupProps): JSX.Element {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  useEffect(() => {
    if (anchor.current !== null) panel.current?.toggle(null, anchor.current);
  }, [toggles, anchor]);
  const realign = useCallback(() => panel.current?.align(), []);
  return (
    <OverlayPanel
      ref={panel}
      className="filter-bar__picker"
      pt={{ root: { role: 'dialog', 'aria-label': t('filters.calendar') } }}
    >
      <Suspense
        fallback={
          <div className="filter-bar__picker-loading" role="status" aria-label={t('filters.loadingCalendar')} />
        }
      >
        <PeriodPicker
          {...picker}
          timeframe={timeframe}
          onSelect={(date) => {
            panel.current?.hide();
            onSelect(date);
          }}
        />
        <Drawn onDrawn={realign} />
      </Suspense>
    </OverlayPanel>
  );
}
