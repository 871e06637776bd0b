import { NavLink } from 'react-router';
import type { NavEntry } from './nav-entries.ts';
import { withGroup } from './group-link.ts';
import type { SystemGroup } from '../../shared/system-group.ts';

/** The navigation entries as links; an entry with a group switches to it. */
export function NavItems({
  entries,
  selectedGroup,
  onNavigate,
}: {
  entries: readonly NavEntry[];
  selectedGroup: SystemGroup;
  onNavigate?: () => void;
}) {
  return (
    <ul className="nav-items">
      {entries.map((entry) => (
        <li key={entry.path}>
          <NavLink
            to={withGroup(entry.path, entry.group ?? selectedGroup)}
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
