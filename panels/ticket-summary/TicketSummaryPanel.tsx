import { useId, useState, type JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import type { TicketSummaryData } from './model.ts';
import type { TicketSummaryOptions } from './options.ts';
import './TicketSummaryPanel.css';

type CopyState = 'idle' | 'copied' | 'failed';

const COPY_MESSAGES: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied to the clipboard',
  failed: 'The browser refused to copy: select the text and copy it',
};

/** The prefilled ticket, editable, with a Copy button. */
export function TicketSummaryPanel({ data }: PanelProps<TicketSummaryOptions, TicketSummaryData>): JSX.Element {
  // A new answer (another period) starts a new ticket text.
  const [edited, setEdited] = useState<{ from: string; text: string } | null>(null);
  const text = edited !== null && edited.from === data.text ? edited.text : data.text;
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
    <div className="ticket-summary">
      <label htmlFor={textId} className="ticket-summary__label">
        Ticket summary
      </label>
      <textarea
        id={textId}
        className="ticket-summary__text"
        value={text}
        onChange={(event) => {
          setEdited({ from: data.text, text: event.target.value });
          setCopy('idle');
        }}
      />
      <div className="ticket-summary__actions">
        <button type="button" className="ticket-summary__copy" onClick={() => void copyText()}>
          <i className="pi pi-copy" aria-hidden="true" /> Copy
        </button>
        <span role="status">{COPY_MESSAGES[copy]}</span>
      </div>
    </div>
  );
}
