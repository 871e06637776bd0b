import type { ActiveSystemsParts } from './header-format.ts';

/** Desktop active-systems text: the three parts of '3 of 4', or 'Loading...'. */
export function ActiveSystems({ parts }: { parts: ActiveSystemsParts | null }) {
  if (parts === null) return <span className="active-systems">Loading...</span>;
  return (
    <span className="active-systems" title="Active systems">
      <span className="active-systems__count">{parts[0]}</span> <span className="active-systems__of">{parts[1]}</span>{' '}
      <span className="active-systems__total">{parts[2]}</span>
      <span className="active-systems__label"> active systems</span>
    </span>
  );
}
