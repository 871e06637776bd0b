import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveUserSettings, useUserSettings } from '../../../api/user-settings.ts';
import { useMediaQuery } from '../../use-media-query.ts';
import { LoadingScreen } from '../../LoadingScreen.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { useDebouncedSettings } from './use-debounced-settings.ts';
import './settings-texts.ts';
import '../pages.css';
import './SettingsPage.css';

/** Compact layout under 1366 px wide or 766 px high (spec shell §2, §9). */
export const SETTINGS_COMPACT_QUERY = '(max-width: 1365px), (max-height: 765px)';

/**
 * /settings (spec shell §2): the user's default view, DTF units and language. Changes show at once and are saved 300 ms
 * after the last one; the saved settings update the cached ones every report reads (default group, length unit), and a
 * failed save is reported by the API client's error toast (spec shell §8).
 */
export function SettingsPage(): JSX.Element {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const save = useSaveUserSettings();
  const { pending, change } = useDebouncedSettings((update) => save.mutate(update));
  const compact = useMediaQuery(SETTINGS_COMPACT_QUERY);
  return (
    <section className="page settings">
      <h1 className="page__title settings__title">
        <i className="pi pi-cog" aria-hidden="true" /> {t('settings.title')}
      </h1>
      {settings.data === undefined ? (
        <LoadingScreen />
      ) : (
        <SettingsForm settings={{ ...settings.data, ...pending }} onChange={change} compact={compact} />
      )}
    </section>
  );
}
