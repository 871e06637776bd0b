import { useTranslation } from 'react-i18next';
import type { ActiveSystemsParts } from './header-format.ts';

/** Desktop active-systems text: the three parts of '3 of 4', or 'Loading...'. */
export function ActiveSystems({ parts }: { parts: ActiveSystemsParts | null }) {
  const { t } = useTranslation();
  if (parts === null) return <span className="active-systems">{t('common.loading')}</span>;
  return (
    <span className="active-systems" title={t('shell.activeSystems')}>
      <span className="active-systems__count">{parts[0]}</span> <span className="active-systems__of">{parts[1]}</span>{' '}
      <span className="active-systems__total">{parts[2]}</span>
      <span className="active-systems__label"> {t('shell.activeSystemsLabel')}</span>
    </span>
  );
}
