import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'primereact/dialog';
import { Checkbox } from 'primereact/checkbox';
import { DOCUMENT_PATHS } from '../navigation/paths.ts';
import './consent.css';

/**
 * The terms dialog (spec shell §4): cannot be dismissed by backdrop, Escape or a close button; ticking Agree
 * records the agreement (onAgree) and the parent then closes it.
 */
export function TermsModal({ visible, onAgree }: { visible: boolean; onAgree: () => void }) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState(false);
  return (
    <Dialog
      visible={visible}
      header={t('consent.termsTitle')}
      closable={false}
      dismissableMask={false}
      closeOnEscape={false}
      draggable={false}
      modal
      className="terms-modal"
      onHide={() => undefined}
    >
      <p>{t('consent.termsText')}</p>
      <ul className="terms-modal__links">
        <li>
          <a href={DOCUMENT_PATHS.productTerms} target="_blank" rel="noreferrer">
            {t('documents.productTerms')}
          </a>
        </li>
        <li>
          <a href={DOCUMENT_PATHS.privacyPolicy} target="_blank" rel="noreferrer">
            {t('documents.privacyPolicy')}
          </a>
        </li>
        <li>
          <a href={DOCUMENT_PATHS.termsOfUse} target="_blank" rel="noreferrer">
            {t('documents.termsOfUse')}
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
        <label htmlFor="terms-agree">{t('consent.agree')}</label>
      </div>
    </Dialog>
  );
}
