import type { JSX } from 'react';
import type { LayoutProblem } from '../shared/api-types.ts';
import './layout-problems-notice.css';

/** Where a problem is: `layouts/overview.json, line 21, column 7`. */
export function problemPlace(problem: LayoutProblem): string {
  if (problem.line === undefined) return problem.file;
  return `${problem.file}, line ${problem.line}${problem.column === undefined ? '' : `, column ${problem.column}`}`;
}

function problemText(problem: LayoutProblem): string {
  const where = problem.pointer === '' ? '' : `${problem.pointer}: `;
  return `${where}${problem.message}${problem.suggestion === undefined ? '' : ` (${problem.suggestion})`}`;
}

/**
 * For admins, on a report whose layout file is invalid on disk (the portal then serves its last valid version): the
 * file, line and problem, small and above the grid, so the report stays usable while someone fixes the file.
 */
export function LayoutProblemsNotice({ problems }: { problems: readonly LayoutProblem[] }): JSX.Element | null {
  const [first] = problems;
  if (first === undefined) return null;
  const more = problems.length > 1 ? ` (${problems.length - 1} more: npm run layouts:check)` : '';
  return (
    <div role="status" aria-label="Layout problem" className="layout-problems-notice">
      <strong>{problemPlace(first)}</strong>: {problemText(first)}
      {more}. This page shows the file&apos;s last valid version.
    </div>
  );
}
