import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { t as translate } from '../i18n/i18n.ts';
import type { LayoutProblem } from '../shared/api-types.ts';
import './layout-problems-notice.css';
import './report-texts.ts';

/** Where a problem is: `layouts/overview.json, line 21, column 7`. */
export function problemPlace(problem: LayoutProblem): string {
  if (problem.line === undefined) return problem.file;
  const { file, line, column } = problem;
  return column === undefined
    ? translate('report.problemAtLine', { file, line })
    : translate('report.problemAtColumn', { file, line, column });
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
  const { t } = useTranslation();
  const [first] = problems;
  if (first === undefined) return null;
  const more = problems.length > 1 ? t('report.moreProblems', { count: problems.length - 1 }) : '';
  return (
    <div role="status" aria-label={t('report.layoutProblem')} className="layout-problems-notice">
      <strong>{problemPlace(first)}</strong>: {problemText(first)}
      {more}
      {t('report.lastValidVersion')}
    </div>
  );
}
