import { useId, useState, type JSX } from 'react';
import { registerArea } from '../../src/i18n/i18n.ts';
import frameTexts from '../../src/i18n/locales/en-US/frames.json' with { type: 'json' };
import { useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { ticketText, type TicketSummaryData } from './model.ts';
import type { TicketSummaryOptions } from './options.ts';
import './TicketSummaryPanel.css';

// The frames' words the ticket shares with the message tables (`frames.messages.other`).
registerArea('frames', frameTexts);

type CopyState = 'idle' | 'copied' | 'failed';

/** The prefilled ticket, editable, with a Copy button. */
export function TicketSummaryPanel({ data }: PanelProps<TicketSummaryOptions, TicketSummaryData>): JSX.Element {
  const { t } = useTranslation();
  const prefilled = ticketText(data, t);
  // A new answer (another period) starts a new ticket text.
  const [edited, setEdited] = useState<{ from: string; text: string } | null>(null);
  const text = edited !== null && edited.from === prefilled ? edited.text : prefilled;
  const [copy, setCopy] = useState<CopyState>('idle');
  const textId = useId();
  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <div className="panel-body panel-body--stack ticket-summary">
      <label htmlFor={textId} className="ticket-summary__label">
        {t('panels.ticketSummary.label')}
      </label>
      <textarea
        id={textId}
        className="ticket-summary__text"
        value={text}
        onChange={(event) => {
          setEdited({ from: prefilled, text: event.target.value });
          setCopy('idle');
        }}
      />
      <div className="ticket-summary__actions">
        <button type="button" className="ticket-summary__copy" onClick={() => void copyText()}>
          <i className="pi pi-copy" aria-hidden="true" /> {t('panels.ticketSummary.copy')}
        </button>
        <span role="status">{copy === 'idle' ? '' : t(`panels.ticketSummary.${copy}`)}</span>
      </div>
    </div>
  );
}
