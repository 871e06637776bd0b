import { t } from '../../../i18n/i18n.ts';
import {
  REPEAT_FREQUENCY,
  SCHEDULER_DEFAULTS,
  WEEKLY_REPORT,
  type SchedulerEntry,
  type SchedulerEntryInput,
} from '../../../shared/contract/scheduler.contract.ts';
import { weekdayNames } from '../calendar-names.ts';
import './scheduler-texts.ts';

/** Spec shell §9: notes are shown truncated at 40 characters plus '...'. */
export const NOTES_SHOWN = 40;

/** The repeat name of a frequency (spec shell §3), in the current language; an unknown one reads as weekly. */
function repeatName(frequency: number): string {
  switch (frequency) {
    case REPEAT_FREQUENCY.noRepeat:
      return t('scheduler.repeatNames.noRepeat');
    case REPEAT_FREQUENCY.daily:
      return t('scheduler.repeatNames.daily');
    case REPEAT_FREQUENCY.monthly:
      return t('scheduler.repeatNames.monthly');
    case REPEAT_FREQUENCY.yearly:
      return t('scheduler.repeatNames.yearly');
    default:
      return t('scheduler.repeatNames.weekly');
  }
}

export function truncateNotes(notes: string): string {
  return notes.length > NOTES_SHOWN ? `${notes.slice(0, NOTES_SHOWN)}...` : notes;
}

/** yyyy-MM-dd → dd/MM/yyyy (spec shell §2: table dates). */
export function formatTableDate(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}

/** The local calendar day of an instant in the browser's zone, yyyy-MM-dd. */
export function localDay(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/** 'Weekly on Tuesday', 'Weekly on Monday, Thursday'. */
export function repeatText(entry: Pick<SchedulerEntry, 'repeat'>): string {
  const repeat = repeatName(entry.repeat.frequency);
  const names = weekdayNames('long');
  const days = entry.repeat.dayOfWeek.map((day) => names[day] ?? '').join(', ');
  return days === '' ? repeat : t('scheduler.repeatOn', { repeat, days });
}

/** 'Never', or the day it was last sent (dd/MM/yyyy, in the browser's zone). */
export function lastSentText(entry: Pick<SchedulerEntry, 'lastSent'>): string {
  return entry.lastSent === null ? t('scheduler.never') : formatTableDate(localDay(new Date(entry.lastSent)));
}

/** The preview's start date: 'Today' when it is today (spec shell §2). */
export function startText(entry: Pick<SchedulerEntry, 'startSendDate'>, today: string): string {
  return entry.startSendDate === today ? t('scheduler.today') : formatTableDate(entry.startSendDate);
}

export function endText(entry: Pick<SchedulerEntry, 'endSendDate'>): string {
  return entry.endSendDate === null ? t('scheduler.never') : formatTableDate(entry.endSendDate);
}

/** The browser's IANA time zone: the entry's weekday and send hour are read on the user's clock. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * What the form saves (spec shell §5 "On the save path"): the send days fixed to Tuesday, customers, sites and systems as
 * empty lists (the user's whole scope), weekly, the weekly report; only subject, notes, dates and sending vary.
 */
export interface SchedulerForm {
  reportId: string | null;
  emailSubject: string;
  startDate: string;
  endDate: string | null;
  notes: string;
  sending: boolean;
}

/** The spec's rule a form field breaks, by its validation key (spec shell §5; the messages are not shown). */
export type SchedulerFormErrors = Partial<Record<'emailSubject', 'validation.required'>>;

/**
 * Spec shell §5's scheduler rules on this version's form: the subject is required. The others hold by construction:
 * the report is the weekly one, the repeat weekly, the weekdays Tuesday, and the scope the user's whole scope.
 */
export function validateSchedulerForm(form: Pick<SchedulerForm, 'emailSubject'>): SchedulerFormErrors {
  return form.emailSubject.trim() === '' ? { emailSubject: 'validation.required' } : {};
}

/** A new entry's form (spec shell §3, §9): 'My report', weekly on Tuesday, starting today, sending. */
export function newForm(today: string): SchedulerForm {
  return {
    reportId: null,
    emailSubject: SCHEDULER_DEFAULTS.subject,
    startDate: today,
    endDate: null,
    notes: '',
    sending: true,
  };
}

export function formOf(entry: SchedulerEntry): SchedulerForm {
  return {
    reportId: entry.reportId,
    emailSubject: entry.subject,
    startDate: entry.startSendDate,
    endDate: entry.endSendDate,
    notes: entry.notes,
    sending: entry.isActive,
  };
}

/** Duplicating clears the id (reportId '0', spec shell §4). */
export function duplicateForm(entry: SchedulerEntry): SchedulerForm {
  return { ...formOf(entry), reportId: '0' };
}

export function inputOf(form: SchedulerForm, timeZone: string): SchedulerEntryInput {
  return {
    ...(form.reportId === null ? {} : { reportId: form.reportId }),
    subject: form.emailSubject,
    emailReportId: WEEKLY_REPORT.emailReportId,
    startSendDate: form.startDate,
    endSendDate: form.endDate,
    repeat: { frequency: REPEAT_FREQUENCY.weekly, dayOfWeek: [...SCHEDULER_DEFAULTS.weekdays] },
    notes: form.notes,
    isActive: form.sending,
    customerIds: [],
    siteIds: [],
    systemIds: [],
    timeZone,
  };
}

/** Toggling a row's sending switch re-saves the entry with isActive flipped (spec shell §4), nothing else changed. */
export function toggledInput(entry: SchedulerEntry): SchedulerEntryInput {
  return {
    reportId: entry.reportId,
    subject: entry.subject,
    emailReportId: entry.emailReportId,
    startSendDate: entry.startSendDate,
    endSendDate: entry.endSendDate,
    repeat: entry.repeat,
    notes: entry.notes,
    isActive: !entry.isActive,
    customerIds: entry.customerIds,
    siteIds: entry.siteIds,
    systemIds: entry.systemIds,
    timeZone: entry.timeZone,
  };
}
