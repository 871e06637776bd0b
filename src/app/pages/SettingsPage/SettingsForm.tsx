import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSettings, UserSettingsUpdate } from '../../../shared/api-types.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { ToggleButtons, type ToggleButtonsProps } from '../../../runtime/panel-sdk-toggle.tsx';
import './settings-texts.ts';

/** The settings the page shows and changes. */
export type SettingsFormValues = Pick<
  UserSettings,
  'userSystemGroup' | 'defaultSystemGroup' | 'lengthUnits' | 'rtrMetricUnit' | 'portalLanguage'
>;

interface SettingsFormProps {
  settings: SettingsFormValues;
  onChange: (update: UserSettingsUpdate) => void;
  /** Under 1366 × 766: one column (spec shell §2, §9). */
  compact: boolean;
}

const LENGTH_UNITS = ['Yard', 'Meter'] as const;

const RTR_UNITS = ['Linear', 'Square'] as const;

/** The one language offered (spec shell §1, §2, §9): en-US, disabled. */
const LANGUAGES = ['en-US'] as const;

function Section({ title, children }: { title: string; children: JSX.Element | JSX.Element[] }): JSX.Element {
  return (
    <section className="settings__card" aria-label={title}>
      <h2 className="settings__card-title">{title}</h2>
      {children}
    </section>
  );
}

/** A labelled setting of a few choices: its label, and a toggle named by it. */
function ToggleField<Value extends string>(props: Omit<ToggleButtonsProps<Value>, 'className'>): JSX.Element {
  return (
    <div className="settings__field">
      <span className="settings__label">{props.label}</span>
      <ToggleButtons className="settings__toggle" {...props} />
    </div>
  );
}

/**
 * Settings (spec shell §2): left, Preferences (the default view, one button per group of the user, hidden under two
 * groups) and DTF units (Length, RTR metrics; only with DTF); right, Language (English (USA) only, disabled).
 */
export function SettingsForm({ settings, onChange, compact }: SettingsFormProps): JSX.Element {
  const { t } = useTranslation();
  const groups = settings.userSystemGroup;
  // Group names are data (the API's group values), shown as they are.
  const groupOptions = groups.map((group) => ({ value: group, label: group }));
  const lengthOptions = LENGTH_UNITS.map((value) => ({ value, label: t(`settings.lengthUnits.${value}`) }));
  const rtrOptions = RTR_UNITS.map((value) => ({ value, label: t(`settings.rtrMetricUnits.${value}`) }));
  return (
    <div className={compact ? 'settings__columns settings__columns--compact' : 'settings__columns'}>
      <div className="settings__column">
        {groups.length >= 2 && (
          <Section title={t('settings.preferences')}>
            <ToggleField<SystemGroup>
              label={t('settings.defaultView')}
              options={groupOptions}
              value={settings.defaultSystemGroup}
              onChange={(defaultSystemGroup) => onChange({ defaultSystemGroup })}
            />
          </Section>
        )}
        {groups.includes('DTF') && (
          <Section title={t('settings.dtfUnits')}>
            <ToggleField
              label={t('settings.length')}
              options={lengthOptions}
              value={settings.lengthUnits}
              onChange={(lengthUnits) => onChange({ lengthUnits })}
            />
            <ToggleField
              label={t('settings.rtrMetrics')}
              options={rtrOptions}
              value={settings.rtrMetricUnit}
              onChange={(rtrMetricUnit) => onChange({ rtrMetricUnit })}
            />
          </Section>
        )}
      </div>
      <div className="settings__column">
        <Section title={t('settings.language')}>
          <fieldset className="settings__languages" disabled>
            <legend className="settings__label">{t('settings.language')}</legend>
            {LANGUAGES.map((language) => (
              <label key={language} className="settings__language">
                <input
                  type="radio"
                  name="portalLanguage"
                  value={language}
                  checked={settings.portalLanguage === language}
                  disabled
                  readOnly
                />
                {t(`settings.languages.${language}`)}
              </label>
            ))}
          </fieldset>
        </Section>
      </div>
    </div>
  );
}
