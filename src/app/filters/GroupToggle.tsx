import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemGroup } from '../../shared/system-group.ts';
import '../../runtime/report-texts.ts';

interface GroupToggleProps {
  group: SystemGroup;
  /** The user's groups, in their order (spec reports §2: shown only with two or more). */
  groups: readonly SystemGroup[];
  onChange: (group: SystemGroup) => void;
  /** Extra handlers of a group's button (the filter bar's prefetch hints). */
  hintProps?: (group: SystemGroup) => { onPointerEnter?: () => void; onFocus?: () => void };
}

/**
 * The system-group toggle: one pressed button per group, drawn with the theme's SelectButton look (its classes; the layout
 * rules PrimeReact's component base would inject are in FilterBar.css). Plain buttons rather than PrimeReact's
 * SelectButton, so no report loads PrimeReact's component base and tooltip for it (issue #11 budgets).
 */
export function GroupToggle({ group, groups, onChange, hintProps }: GroupToggleProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <div
      className="filter-bar__groups p-selectbutton p-button-group p-component"
      role="group"
      aria-label={t('filters.systemGroup')}
    >
      {groups.map((option) => (
        <button
          key={option}
          type="button"
          className={option === group ? 'p-button p-component p-highlight' : 'p-button p-component'}
          aria-pressed={option === group}
          {...hintProps?.(option)}
          onClick={() => {
            if (option !== group) onChange(option);
          }}
        >
          <span className="p-button-label">{option}</span>
        </button>
      ))}
    </div>
  );
}
