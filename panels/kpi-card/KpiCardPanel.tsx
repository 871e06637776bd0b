import { useId, type JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatSignedPercent } from '../../src/shared/format/percent.ts';
import {
  KPI_CARD_DEFAULTS,
  KPI_CARD_HEIGHT_PX,
  TREND_COLOURS,
  kpiCardLabel,
  trendOf,
  type KpiCard,
  type KpiCardOptions,
} from './model.ts';
import './KpiCardPanel.css';

function KpiChange({ stats, description }: { stats: number; description: string }): JSX.Element {
  const trend = trendOf(stats);
  const colour = TREND_COLOURS[trend];
  return (
    <p className="kpi-card__change">
      <i
        className={`pi ${trend === 'negative' ? 'pi-arrow-down' : 'pi-arrow-up'}`}
        role="img"
        aria-label={trend === 'negative' ? 'down' : 'up'}
        style={{ color: colour }}
      />
      <span className="kpi-card__stats" style={{ color: colour }}>
        {formatSignedPercent(stats)}
      </span>
      <span className="kpi-card__description">{description}</span>
    </p>
  );
}

/**
 * A KPI card (spec reports §2 Overview, §3 Card data): the group's label, the value abbreviated (12.3k) with its units,
 * and the change against the previous period with a trend arrow. Screen readers get a group named by the label
 * whose value sits in an element labelled 'value'.
 */
export function KpiCardPanel({ options, data, title, systemGroup }: PanelProps<KpiCardOptions, KpiCard>): JSX.Element {
  const labelId = useId();
  const label = kpiCardLabel(options, systemGroup) ?? title;
  return (
    <div className="kpi-card" role="group" aria-labelledby={labelId} style={{ height: KPI_CARD_HEIGHT_PX }}>
      <h2 id={labelId} className="kpi-card__label">
        {label}
      </h2>
      <p className="kpi-card__figure">
        <output className="kpi-card__value" aria-label="value" title={String(data.value)}>
          {abbreviateNumber(data.value, options.decimals ?? KPI_CARD_DEFAULTS.decimals)}
        </output>
        <span className="kpi-card__units">{data.units}</span>
      </p>
      {data.stats !== null && <KpiChange stats={data.stats} description={data.statsDescription} />}
    </div>
  );
}
