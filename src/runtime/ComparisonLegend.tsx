import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPARISON_COLOURS,
  comparedUntilWords,
  previousPeriodWords,
  type PeriodComparison,
} from '../shared/format/period-comparison.ts';
import './report-texts.ts';
import './comparison-legend.css';

export interface ComparisonLegendProps {
  comparison: PeriodComparison;
  /** Show the previous period's entry (a series without a comparison line has none). Default true. */
  withPrevious?: boolean;
  /** Extra class for placing the legend (a chart's header pushes it to the right). */
  className?: string;
}

/**
 * The legend of the selected period against the previous one (spec reports §2 Overview), in the charts' colours:
 * 'Selected day' / 'Previous same day', 'Selected week' / 'Previous week', 'Selected period' / 'Previous period'
 * with the cards' description of it, in the same words (`previousPeriodWords`, `comparison.previousPeriod.*`): '(From
 * previous month)' (quarter, year), and for a custom period '(From last year)' from 8 days, '(From last week)' under. While the selected
 * period is in progress it reads 'Selected day, so far' / 'Previous same day, to 11:29' (docs/kpi-glossary.md
 * "Change and trend": both are compared up to the same local time).
 */
export function ComparisonLegend({ comparison, withPrevious = true, className }: ComparisonLegendProps): JSX.Element {
  const { t, i18n } = useTranslation();
  return (
    <ul
      className={className === undefined ? 'comparison-legend' : `comparison-legend ${className}`}
      aria-label={t('report.legend')}
    >
      <li>
        <span className="comparison-legend__swatch" style={{ background: COMPARISON_COLOURS.selected }} />
        {/* One flex item for the label and what follows it, so the item gap does not split 'Selected day, so far'. */}
        <span>
          {t(`report.legendLabels.${comparison.compared}.selected`)}
          {comparison.until !== undefined && (
            <span className="comparison-legend__description">{t('report.soFar')}</span>
          )}
        </span>
      </li>
      {withPrevious && (
        <li>
          <span
            className="comparison-legend__swatch comparison-legend__swatch--line"
            style={{ background: COMPARISON_COLOURS.previous }}
          />
          <span>
            {t(`report.legendLabels.${comparison.compared}.previous`)}
            {comparison.basis !== undefined && (
              <span className="comparison-legend__description"> ({previousPeriodWords(comparison.basis, t)})</span>
            )}
            {comparison.until !== undefined && (
              <span className="comparison-legend__description">
                , {comparedUntilWords(comparison.until, t, i18n.language)}
              </span>
            )}
          </span>
        </li>
      )}
    </ul>
  );
}
