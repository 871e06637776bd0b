import { useId, type JSX } from 'react';
import { ComparisonLegend, useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { periodHeading, type PeriodLegendData } from './model.ts';
import type { PeriodLegendOptions } from './options.ts';
import './PeriodLegendPanel.css';

/**
 * The mobile overview's 'Production Overview' card (spec reports §2): the selected timeframe and period, and the legend
 * of the selected period against the previous one in the charts' colours, so the charts below need no legend of their own.
 */
export function PeriodLegendPanel({
  options,
  data,
  title,
}: PanelProps<PeriodLegendOptions, PeriodLegendData>): JSX.Element {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="period-legend" aria-labelledby={titleId}>
      <h2 id={titleId} className="period-legend__title">
        {title}
      </h2>
      {options.showPeriod !== false && <p className="period-legend__period">{periodHeading(data.period, t)}</p>}
      <ComparisonLegend comparison={data} />
    </section>
  );
}
