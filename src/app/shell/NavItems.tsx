import { NavLink } from 'react-router';
import type { NavEntry } from './nav-entries.ts';
import { usePeriodMemory } from '../filters/period-memory-store.ts';
import { reportLink } from './report-link.ts';
import type { SystemGroup } from '../../shared/system-group.ts';

/** The navigation entries as links; an entry with a group switches to it; each opens on its remembered period. */
export function NavItems({
  entries,
  selectedGroup,
  onNavigate,
}: {
  entries: readonly NavEntry[];
  selectedGroup: SystemGroup;
  onNavigate?: () => void;
}) {
  const periods = usePeriodMemory();
  return (
    <ul className="nav-items">
      {entries.map((entry) => (
        <li key={entry.path}>
          <NavLink
            to={reportLink(entry.path, entry.report, entry.group ?? selectedGroup, periods)}
            className={({ isActive }) => `nav-item${isActive ? ' nav-item--active' : ''}`}
            onClick={onNavigate}
          >
            <i className={entry.icon} aria-hidden="true" />
            <span>{entry.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
