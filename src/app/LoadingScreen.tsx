import { useTranslation } from 'react-i18next';
import './loading-screen.css';

/** Full-area spinner with a visible text (also what screen readers announce). */
export function LoadingScreen({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="loading-screen__spinner" aria-hidden="true">
        <svg viewBox="25 25 50 50">
          <circle cx="50" cy="50" r="20" fill="none" strokeWidth="4" strokeMiterlimit="10" />
        </svg>
      </div>
      <p>{text ?? t('common.loading')}</p>
    </div>
  );
}
