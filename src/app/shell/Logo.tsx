import { useTranslation } from 'react-i18next';

/** The portal's mark and name. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect x="2" y="9" width="28" height="14" rx="3" fill="#4FA3E0" />
        <rect x="7" y="3" width="18" height="8" rx="1.5" fill="#FFFFFF" />
        <rect x="7" y="19" width="18" height="10" rx="1.5" fill="#FFFFFF" />
        <rect x="10" y="22" width="12" height="1.6" fill="#1E3A5F" />
        <rect x="10" y="25" width="8" height="1.6" fill="#1E3A5F" />
        <circle cx="25" cy="14" r="1.6" fill="#FFFFFF" />
      </svg>
      <span className="logo__text">{t('shell.productName')}</span>
    </span>
  );
}
