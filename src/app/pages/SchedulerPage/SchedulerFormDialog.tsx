import type { JSX } from 'react';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { Checkbox } from 'primereact/checkbox';
import { SCHEDULER_DEFAULTS, WEEKLY_REPORT } from '../../../shared/contract/scheduler.contract.ts';
import { t as translate } from '../../../i18n/i18n.ts';
import { weekdayNames } from '../calendar-names.ts';
import { formatTableDate, type SchedulerForm } from './scheduler.model.ts';
import './scheduler-texts.ts';

/** What the modal's machine (scheduler-modal.machine.ts) shows and is told. */
export interface SchedulerFormDialogProps {
  form: SchedulerForm;
  saving: boolean;
  /** The form passes the spec's rules and no save is running. */
  canSave: boolean;
  onChange: (changes: Partial<SchedulerForm>) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** 'new scheduler' unless the form edits a saved entry (a duplicate's reportId is '0': a new one). */
export function formTitle(form: Pick<SchedulerForm, 'reportId'>): string {
  return form.reportId === null || form.reportId === '0'
    ? translate('scheduler.formTitles.new')
    : translate('scheduler.formTitles.edit');
}

function Field({ label, id, children }: { label: string; id: string; children: JSX.Element }) {
  return (
    <div className="scheduler-form__field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/**
 * The create/edit modal (spec shell §2). In this version every field but sending is disabled: the report is the weekly
 * one, sent on Tuesday (spec shell §5: the save path fixes the days to Tuesday) to the user's whole scope.
 */
export function SchedulerFormDialog({
  form,
  saving,
  canSave,
  onChange,
  onSave,
  onCancel,
}: SchedulerFormDialogProps): JSX.Element {
  const { t } = useTranslation();
  const [weekdays, weekdayLetters] = [weekdayNames('long'), weekdayNames('narrow')];
  const footer = (
    <div className="scheduler-form__buttons">
      <button type="button" className="secondary-button" onClick={onCancel} disabled={saving}>
        {t('common.cancel')}
      </button>
      <button type="button" className="primary-button" onClick={onSave} disabled={!canSave} aria-busy={saving}>
        {saving && <i className="pi pi-spin pi-spinner" aria-hidden="true" />} {t('common.save')}
      </button>
    </div>
  );
  return (
    <Dialog
      visible
      header={formTitle(form)}
      footer={footer}
      onHide={onCancel}
      closable={!saving}
      className="scheduler-form"
      draggable={false}
      modal
    >
      <div className="scheduler-form__grid">
        <Field label={t('scheduler.fields.emailSubject')} id="scheduler-subject">
          <input id="scheduler-subject" className="p-inputtext" value={form.emailSubject} disabled readOnly />
        </Field>
        <Field label={t('scheduler.fields.report')} id="scheduler-report">
          <input id="scheduler-report" className="p-inputtext" value={WEEKLY_REPORT.name} disabled readOnly />
        </Field>
        <Field label={t('scheduler.fields.scope')} id="scheduler-scope">
          <input id="scheduler-scope" className="p-inputtext" value={t('scheduler.allSystems')} disabled readOnly />
        </Field>
        <Field label={t('scheduler.fields.startDate')} id="scheduler-start">
          <input
            id="scheduler-start"
            className="p-inputtext"
            value={formatTableDate(form.startDate)}
            disabled
            readOnly
          />
        </Field>
        <Field label={t('scheduler.fields.time')} id="scheduler-time">
          <input id="scheduler-time" className="p-inputtext" value="06:00" disabled readOnly />
        </Field>
        <Field label={t('scheduler.fields.repeat')} id="scheduler-repeat">
          <input
            id="scheduler-repeat"
            className="p-inputtext"
            value={t('scheduler.repeatNames.weekly')}
            disabled
            readOnly
          />
        </Field>
        <fieldset className="scheduler-form__weekdays" disabled>
          <legend>{t('scheduler.fields.weekdays')}</legend>
          {weekdays.map((name, day) => (
            <label key={name} className="scheduler-form__weekday" title={name}>
              <input
                type="checkbox"
                checked={(SCHEDULER_DEFAULTS.weekdays as readonly number[]).includes(day)}
                readOnly
                aria-label={name}
              />
              <span aria-hidden="true">{weekdayLetters[day]}</span>
            </label>
          ))}
        </fieldset>
        <Field label={t('scheduler.fields.ends')} id="scheduler-ends">
          <input
            id="scheduler-ends"
            className="p-inputtext"
            value={form.endDate === null ? t('scheduler.never') : formatTableDate(form.endDate)}
            disabled
            readOnly
          />
        </Field>
        <Field label={t('scheduler.fields.notes')} id="scheduler-notes">
          <textarea
            id="scheduler-notes"
            className="p-inputtext scheduler-form__notes"
            value={form.notes}
            rows={3}
            disabled
            readOnly
          />
        </Field>
        <div className="scheduler-form__sending">
          <Checkbox
            inputId="scheduler-sending"
            checked={form.sending}
            onChange={(event) => onChange({ sending: event.checked === true })}
          />
          <label htmlFor="scheduler-sending">{t('scheduler.fields.sending')}</label>
        </div>
      </div>
    </Dialog>
  );
}
