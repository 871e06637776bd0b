import type { JSX } from 'react';
import type { UserSettings, UserSettingsUpdate } from '../../../shared/api-types.ts';
import type { SystemGroup } from '../../../shared/system-group.ts';
import { ChoiceToggle } from './ChoiceToggle.tsx';

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

const LENGTH_OPTIONS = [
  { value: 'Yard', label: 'Yard' },
  { value: 'Meter', label: 'Meter' },
] as const;

const RTR_OPTIONS = [
  { value: 'Linear', label: 'Linear' },
  { value: 'Square', label: 'Square' },
] as const;

/** The one language offered (spec shell §1, §2, §9): en-US, disabled. */
const LANGUAGES = [{ value: 'en-US', label: 'English (USA)' }] as const;

function Section({ title, children }: { title: string; children: JSX.Element | JSX.Element[] }): JSX.Element {
  return (
    <section className="settings__card" aria-label={title}>
      <h2 className="settings__card-title">{title}</h2>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: JSX.Element }): JSX.Element {
  return (
    <div className="settings__field">
      <span className="settings__label">{label}</span>
      {children}
    </div>
  );
}

/**
 * Settings (spec shell §2): left, Preferences (the default view, one button per group of the user, hidden under two
 * groups) and DTF units (Length, RTR metrics; only with DTF); right, Language (English (USA) only, disabled).
 */
export function SettingsForm({ settings, onChange, compact }: SettingsFormProps): JSX.Element {
  const groups = settings.userSystemGroup;
  const groupOptions = groups.map((group) => ({ value: group, label: group }));
  return (
    <div className={compact ? 'settings__columns settings__columns--compact' : 'settings__columns'}>
      <div className="settings__column">
        {groups.length >= 2 && (
          <Section title="Preferences">
            <Field label="Default view">
              <ChoiceToggle<SystemGroup>
                label="Default view"
                options={groupOptions}
                value={settings.defaultSystemGroup}
                onChange={(defaultSystemGroup) => onChange({ defaultSystemGroup })}
              />
            </Field>
          </Section>
        )}
        {groups.includes('DTF') && (
          <Section title="DTF units">
            <Field label="Length">
              <ChoiceToggle
                label="Length"
                options={LENGTH_OPTIONS}
                value={settings.lengthUnits}
                onChange={(lengthUnits) => onChange({ lengthUnits })}
              />
            </Field>
            <Field label="RTR metrics">
              <ChoiceToggle
                label="RTR metrics"
                options={RTR_OPTIONS}
                value={settings.rtrMetricUnit}
                onChange={(rtrMetricUnit) => onChange({ rtrMetricUnit })}
              />
            </Field>
          </Section>
        )}
      </div>
      <div className="settings__column">
        <Section title="Language">
          <fieldset className="settings__languages" disabled>
            <legend className="settings__label">Language</legend>
            {LANGUAGES.map((language) => (
              <label key={language.value} className="settings__language">
                <input
                  type="radio"
                  name="portalLanguage"
                  value={language.value}
                  checked={settings.portalLanguage === language.value}
                  disabled
                  readOnly
                />
                {language.label}
              </label>
            ))}
          </fieldset>
        </Section>
      </div>
    </div>
  );
}
