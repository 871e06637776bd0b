import { useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Checkbox } from 'primereact/checkbox';
import { DOCUMENT_PATHS } from '../shell/avatar-menu-entries.ts';
import './consent.css';

/**
 * The terms dialog (spec shell §4): cannot be dismissed by backdrop, Escape or a close button; ticking Agree
 * records the agreement (onAgree) and the parent then closes it.
 */
export function TermsModal({ visible, onAgree }: { visible: boolean; onAgree: () => void }) {
  const [ticked, setTicked] = useState(false);
  return (
    <Dialog
      visible={visible}
      header="Terms and Conditions"
      closable={false}
      dismissableMask={false}
      closeOnEscape={false}
      draggable={false}
      modal
      className="terms-modal"
      onHide={() => undefined}
    >
      <p>
        To use the Fleet Portal, please read and accept our terms. They explain how you may use the portal, what we do
        with the data your printers send, and how we protect your personal information.
      </p>
      <ul className="terms-modal__links">
        <li>
          <a href={DOCUMENT_PATHS.productTerms} target="_blank" rel="noreferrer">
            Product Terms &amp; Conditions
          </a>
        </li>
        <li>
          <a href={DOCUMENT_PATHS.privacyPolicy} target="_blank" rel="noreferrer">
            Privacy Policy
          </a>
        </li>
        <li>
          <a href={DOCUMENT_PATHS.termsOfUse} target="_blank" rel="noreferrer">
            Terms of Use
          </a>
        </li>
      </ul>
      <div className="terms-modal__agree">
        <Checkbox
          inputId="terms-agree"
          checked={ticked}
          disabled={ticked}
          onChange={(event) => {
            if (!event.checked) return;
            setTicked(true);
            onAgree();
          }}
        />
        <label htmlFor="terms-agree">Agree</label>
      </div>
    </Dialog>
  );
}
