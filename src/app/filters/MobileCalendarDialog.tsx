import { useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { normalizeSelectedDate, type DateBounds, type IsoDate } from '../../shared/timeframes/timeframe-dates.ts';
import type { Timeframe } from '../../shared/timeframes/timeframes.ts';
import '../../runtime/report-texts.ts';
import { periodTitle } from './filter-title.ts';
import { PeriodPicker } from './pickers/PeriodPicker.tsx';
import { TimeframeButtons } from './TimeframeButtons.tsx';

/** The timeframe and date the mobile modal edits before Done applies them. */
export interface MobileCalendarDraft {
  timeframe: Exclude<Timeframe, 'custom'>;
  date: IsoDate;
}

interface MobileCalendarDialogProps {
  initial: MobileCalendarDraft;
  timeframes: Timeframe[];
  bounds: DateBounds;
  /** Done: apply the draft. */
  onApply: (draft: MobileCalendarDraft) => void;
  /** Custom was chosen: the custom range picker takes over. */
  onCustom: () => void;
  /** Closed without Done: the filters stay as they were. */
  onClose: () => void;
}

/**
 * The calendar modal of the mobile layout (spec reports §2 "Mobile: Done applies the filters; closing restores"):
 * timeframe buttons and the timeframe's picker edit a draft; only Done hands it on. Mount it to open it.
 */
export function MobileCalendarDialog({
  initial,
  timeframes,
  bounds,
  onApply,
  onCustom,
  onClose,
}: MobileCalendarDialogProps): JSX.Element {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  return (
    <Dialog
      visible
      header={periodTitle(draft.date, draft.timeframe)}
      className="mobile-calendar"
      position="bottom"
      footer={<Button label={t('filters.done')} onClick={() => onApply(draft)} />}
      onHide={onClose}
      draggable={false}
      resizable={false}
    >
      <TimeframeButtons
        timeframes={timeframes}
        selected={draft.timeframe}
        onSelect={(timeframe) => {
          if (timeframe === 'custom') onCustom();
          else setDraft({ timeframe, date: normalizeSelectedDate(draft.date, timeframe, bounds) });
        }}
      />
      <PeriodPicker
        timeframe={draft.timeframe}
        value={draft.date}
        bounds={bounds}
        onSelect={(date) => setDraft({ ...draft, date: normalizeSelectedDate(date, draft.timeframe, bounds) })}
      />
    </Dialog>
  );
}
