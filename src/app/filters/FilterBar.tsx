import { Suspense, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { hintHandlers } from '../../runtime/hint-handlers.ts';
import { lazyWithRetry } from '../../runtime/lazy-with-retry.ts';
import { ToggleButtons } from '../../runtime/panel-sdk-toggle.tsx';
import '../../runtime/report-texts.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { CustomRange } from '../../shared/timeframes/custom-range-rules.ts';
import type { Timeframe } from '../../shared/timeframes/timeframes.ts';
import type { CustomRangeState } from '../../machines/report-filters.machine.ts';
import { useMediaQuery } from '../use-media-query.ts';
import type { FilterHint, ReportFiltersHandle } from './use-report-filters.ts';
import { DatePickerButton } from './DatePickerButton.tsx';
import { MachineFilterButton } from './machine-tree/MachineFilterButton.tsx';
import { customRangeTitle, periodTitle } from './filter-title.ts';
import { TimeframeButtons } from './TimeframeButtons.tsx';
import './FilterBar.css';

// The dialogs (PrimeReact Dialog, Calendar, Dropdown) load when first opened, not with the report.
const CustomRangeDialog = lazyWithRetry(() =>
  import('./CustomRangeDialog.tsx').then((module) => ({ default: module.CustomRangeDialog })),
);
const MobileCalendarDialog = lazyWithRetry(() =>
  import('./MobileCalendarDialog.tsx').then((module) => ({ default: module.MobileCalendarDialog })),
);

/** Under 750 px the filter bar has its mobile layout: calendar icon, date title, calendar modal (spec reports §2, §9). */
export const MOBILE_FILTER_QUERY = '(max-width: 749.98px)';
/** Under 900 px the desktop date picker is hidden (spec reports §2, §9). */
export const DESKTOP_PICKER_HIDDEN_QUERY = '(max-width: 899.98px)';

/**
 * `report`: a report page. `detail`: system page and machine config — a back button instead of the filter button and
 * no group toggle. `serviceTicket`: only a back arrow and the title 'Service Ticket' (spec reports §2).
 */
export type FilterBarVariant = 'report' | 'detail' | 'serviceTicket';

export interface FilterBarProps {
  filters: ReportFiltersHandle;
  group: SystemGroup;
  userGroups: readonly SystemGroup[];
  onGroupChange: (group: SystemGroup) => void;
  variant?: FilterBarVariant;
  /** The back button of the detail and service-ticket variants. */
  onBack?: () => void;
  /**
   * The pointer is on a timeframe, a group, an arrow or 'Today', or it has the focus: its click may follow (the report
   * prefetches what it would show, issue #30).
   */
  onHint?: (hint: FilterHint) => void;
}

/** A control's hint handlers (pointer enter and focus), each hinting `hint`. */
function hinting(onHint: ((hint: FilterHint) => void) | undefined, hint: FilterHint) {
  return hintHandlers(onHint && (() => onHint(hint)));
}

type OpenDialog = 'none' | 'custom' | 'mobileCalendar';

function appliedRange(custom: CustomRangeState): CustomRange | undefined {
  const { startDate, endDate, startTime, endTime } = custom;
  return startDate === null || endDate === null ? undefined : { startDate, endDate, startTime, endTime };
}

function BackButton({ onBack }: { onBack?: () => void }): JSX.Element {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="filter-bar__arrow filter-bar__back"
      aria-label={t('filters.back')}
      onClick={onBack}
    >
      <i className="pi pi-arrow-left" aria-hidden="true" />
    </button>
  );
}

/**
 * The report filter bar (spec reports §2): group toggle (two or more groups), the report's timeframe buttons, previous
 * and next arrows, 'Today', and the period title that opens the timeframe's picker; Custom opens the custom range
 * picker. Under 750 px a calendar icon and the title open a calendar modal instead.
 */
export function FilterBar({
  filters,
  group,
  userGroups,
  onGroupChange,
  variant = 'report',
  onBack,
  onHint,
}: FilterBarProps): JSX.Element {
  const { t } = useTranslation();
  const { view, timeframe, selectedDate, send } = filters;
  const mobile = useMediaQuery(MOBILE_FILTER_QUERY);
  const pickerHidden = useMediaQuery(DESKTOP_PICKER_HIDDEN_QUERY);
  const [open, setOpen] = useState<OpenDialog>('none');
  const close = () => setOpen('none');

  if (variant === 'serviceTicket') {
    return (
      <div className="filter-bar filter-bar--service-ticket" role="toolbar" aria-label={t('filters.reportFilters')}>
        <BackButton onBack={onBack} />
        <h2 className="filter-bar__heading">{t('report.subReports.serviceTicket')}</h2>
      </div>
    );
  }

  const title =
    timeframe === 'custom' ? customRangeTitle(view.custom, view.customHours) : periodTitle(selectedDate, timeframe);
  const chooseTimeframe = (entry: Timeframe) =>
    entry === 'custom' ? setOpen('custom') : send({ type: 'timeframe.change', timeframe: entry });
  const pickerProps = {
    value: selectedDate,
    bounds: view.bounds,
    onSelect: (date: string) => send({ type: 'date.change', date }),
  };

  return (
    <div
      className={`filter-bar${mobile ? ' filter-bar--mobile' : ''}`}
      role="toolbar"
      aria-label={t('filters.reportFilters')}
    >
      {variant === 'detail' && <BackButton onBack={onBack} />}
      {variant === 'report' && userGroups.length >= 2 && (
        // Spec reports §2: shown only with two or more groups, in the user's order; group names are data, shown as they are.
        <ToggleButtons<SystemGroup>
          className="filter-bar__groups"
          label={t('filters.systemGroup')}
          options={userGroups.map((option) => ({ value: option, label: option }))}
          value={group}
          onChange={onGroupChange}
          onHint={onHint && ((option) => onHint({ type: 'group', group: option }))}
        />
      )}
      {mobile ? (
        <div className="filter-bar__dates">
          <button
            type="button"
            className="filter-bar__arrow"
            aria-label={t('filters.openCalendar')}
            aria-haspopup="dialog"
            onClick={() => setOpen(timeframe === 'custom' ? 'custom' : 'mobileCalendar')}
          >
            <i className="pi pi-calendar" aria-hidden="true" />
          </button>
          <span className="filter-bar__title" aria-live="polite">
            {title}
          </span>
        </div>
      ) : (
        <>
          <TimeframeButtons
            timeframes={view.allowedTimeframes}
            selected={timeframe}
            onSelect={chooseTimeframe}
            hintProps={(entry) =>
              entry === 'custom'
                ? {}
                : hinting(onHint, { type: 'event', event: { type: 'timeframe.change', timeframe: entry } })
            }
          />
          <div className="filter-bar__dates">
            <button
              type="button"
              className="filter-bar__arrow"
              aria-label={t('filters.previous')}
              disabled={!view.canGoPrevious}
              {...hinting(onHint, { type: 'event', event: { type: 'date.previous' } })}
              onClick={() => send({ type: 'date.previous' })}
            >
              <i className="pi pi-chevron-left" aria-hidden="true" />
            </button>
            {title === '' || (pickerHidden && timeframe !== 'custom') ? (
              // No period yet (the filter data has not come): a button there would have no name (axe: button-name).
              <span className="filter-bar__title" aria-live="polite">
                {title}
              </span>
            ) : timeframe === 'custom' ? (
              <button
                type="button"
                className="filter-bar__title filter-bar__title-button"
                aria-haspopup="dialog"
                onClick={() => setOpen('custom')}
              >
                <i className="pi pi-calendar" aria-hidden="true" />
                <span aria-live="polite">{title}</span>
              </button>
            ) : (
              <DatePickerButton {...pickerProps} title={title} timeframe={timeframe} />
            )}
            <button
              type="button"
              className="filter-bar__arrow"
              aria-label={t('filters.next')}
              disabled={!view.canGoNext}
              {...hinting(onHint, { type: 'event', event: { type: 'date.next' } })}
              onClick={() => send({ type: 'date.next' })}
            >
              <i className="pi pi-chevron-right" aria-hidden="true" />
            </button>
            {view.todayShown && (
              <button
                type="button"
                className="filter-bar__today"
                disabled={view.todayDisabled}
                {...hinting(onHint, { type: 'event', event: { type: 'date.today' } })}
                onClick={() => send({ type: 'date.today' })}
              >
                {t('filters.today')}
              </button>
            )}
          </div>
        </>
      )}
      {variant === 'report' && filters.machineTree && <MachineFilterButton tree={filters.machineTree} />}
      <Suspense fallback={null}>
        {open === 'custom' && (
          <CustomRangeDialog
            bounds={view.bounds}
            group={group}
            withHours={view.customHours}
            initial={appliedRange(view.custom)}
            onApply={(range) => {
              close();
              send({ type: 'custom.apply', range });
            }}
            onClose={close}
          />
        )}
        {open === 'mobileCalendar' && timeframe !== 'custom' && (
          <MobileCalendarDialog
            initial={{ timeframe, date: selectedDate }}
            timeframes={view.allowedTimeframes}
            bounds={view.bounds}
            onApply={(draft) => {
              close();
              send({ type: 'period.change', ...draft });
            }}
            onCustom={() => setOpen('custom')}
            onClose={close}
          />
        )}
      </Suspense>
    </div>
  );
}
