import { useState, type JSX } from 'react';
import { Dialog } from 'primereact/dialog';
import { Checkbox } from 'primereact/checkbox';
import { SCHEDULER_DEFAULTS, WEEKLY_REPORT } from '../../../shared/contract/scheduler.contract.ts';
import { formatTableDate, WEEKDAY_NAMES, type SchedulerForm } from './scheduler.model.ts';

export interface SchedulerFormDialogProps {
  form: SchedulerForm;
  saving: boolean;
  onSave: (form: SchedulerForm) => void;
  onCancel: () => void;
}

/** 'new scheduler' unless the form edits a saved entry (a duplicate's reportId is '0': a new one). */
export function formTitle(form: Pick<SchedulerForm, 'reportId'>): string {
  return form.reportId === null || form.reportId === '0' ? 'new scheduler' : 'edit scheduler';
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
export function SchedulerFormDialog({ form, saving, onSave, onCancel }: SchedulerFormDialogProps): JSX.Element {
  const [sending, setSending] = useState(form.sending);
  const footer = (
    <div className="scheduler-form__buttons">
      <button type="button" className="secondary-button" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button
        type="button"
        className="primary-button"
        onClick={() => onSave({ ...form, sending })}
        disabled={saving}
        aria-busy={saving}
      >
        {saving && <i className="pi pi-spin pi-spinner" aria-hidden="true" />} Save
      </button>
    </div>
  );
  return (
    <Dialog
      visible
      header={formTitle(form)}
      footer={footer}
      onHide={onCancel}
      className="scheduler-form"
      draggable={false}
      modal
    >
      <div className="scheduler-form__grid">
        <Field label="Email subject" id="scheduler-subject">
          <input id="scheduler-subject" className="p-inputtext" value={form.emailSubject} disabled readOnly />
        </Field>
        <Field label="Report" id="scheduler-report">
          <input id="scheduler-report" className="p-inputtext" value={WEEKLY_REPORT.name} disabled readOnly />
        </Field>
        <Field label="Scope" id="scheduler-scope">
          <input id="scheduler-scope" className="p-inputtext" value="All systems in your scope" disabled readOnly />
        </Field>
        <Field label="Start date" id="scheduler-start">
          <input
            id="scheduler-start"
            className="p-inputtext"
            value={formatTableDate(form.startDate)}
            disabled
            readOnly
          />
        </Field>
        <Field label="Time" id="scheduler-time">
          <input id="scheduler-time" className="p-inputtext" value="06:00" disabled readOnly />
        </Field>
        <Field label="Repeat" id="scheduler-repeat">
          <input id="scheduler-repeat" className="p-inputtext" value="Weekly" disabled readOnly />
        </Field>
        <fieldset className="scheduler-form__weekdays" disabled>
          <legend>Weekdays</legend>
          {WEEKDAY_NAMES.map((name, day) => (
            <label key={name} className="scheduler-form__weekday" title={name}>
              <input
                type="checkbox"
                checked={(SCHEDULER_DEFAULTS.weekdays as readonly number[]).includes(day)}
                readOnly
                aria-label={name}
              />
              <span aria-hidden="true">{name.charAt(0)}</span>
            </label>
          ))}
        </fieldset>
        <Field label="Ends" id="scheduler-ends">
          <input
            id="scheduler-ends"
            className="p-inputtext"
            value={form.endDate === null ? 'Never' : formatTableDate(form.endDate)}
            disabled
            readOnly
          />
        </Field>
        <Field label="Notes" id="scheduler-notes">
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
            checked={sending}
            onChange={(event) => setSending(event.checked === true)}
          />
          <label htmlFor="scheduler-sending">Sending</label>
        </div>
      </div>
    </Dialog>
  );
}
