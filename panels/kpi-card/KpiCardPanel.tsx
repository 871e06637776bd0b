import { useId, type JSX } from 'react';
import { useLengthUnits, useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { formatSignedPercent } from '../../src/shared/format/percent.ts';
import {
  KPI_CARD_DEFAULTS,
  KPI_CARD_HEIGHT_PX,
  TREND_COLOURS,
  TREND_TEXT_COLOURS,
  changeDescriptionParts,
  formatOfUnits,
  formatValue,
  kpiCardInUnits,
  kpiCardLabel,
  trendOf,
  valueColour,
  type KpiCard,
  type KpiLine,
} from './model.ts';
import type { KpiCardOptions } from './options.ts';
import './KpiCardPanel.css';

function TrendArrow({ stats }: { stats: number }): JSX.Element {
  const { t } = useTranslation();
  const trend = trendOf(stats);
  return (
    <i
      className={`pi ${trend === 'negative' ? 'pi-arrow-down' : 'pi-arrow-up'}`}
      role="img"
      aria-label={t(trend === 'negative' ? 'panels.kpiCard.down' : 'panels.kpiCard.up')}
      style={{ color: TREND_COLOURS[trend] }}
    />
  );
}

/**
 * The change and its description. The description flows beside the trend and wraps between its parts, so 'both to
 * 11:29' goes on its own line when it does not fit; a part wider than the card (none at the layouts' card sizes) ends
 * in '…', and the description's title holds the whole text.
 */
function KpiChange({ stats, description }: { stats: number; description: string }): JSX.Element {
  return (
    <div className="kpi-card__change">
      <TrendArrow stats={stats} />
      {/* The arrow carries the spec's trend colour; the figure its text tone, readable on white. */}
      <span className="kpi-card__stats" style={{ color: TREND_TEXT_COLOURS[trendOf(stats)] }}>
        {formatSignedPercent(stats)}
      </span>
      <p className="kpi-card__description" title={description}>
        {changeDescriptionParts(description).map((part, index) => [
          index > 0 && ' ',
          <span key={index} className="kpi-card__description-part">
            {part}
          </span>,
        ])}
      </p>
    </div>
  );
}

/** An upper or lower value: description, value with unit, trend arrow. */
function KpiLineRow({ line }: { line: KpiLine }): JSX.Element {
  const shown = formatValue(line.value, formatOfUnits(line.units), line.units);
  return (
    <div className="kpi-card__detail">
      <dt>{line.description}</dt>
      <dd>
        <span className="kpi-card__detail-value">{shown.text}</span>
        {shown.units !== '' && <span className="kpi-card__units"> {shown.units}</span>}
        {line.stats !== null && <TrendArrow stats={line.stats} />}
      </dd>
    </div>
  );
}

/**
 * A KPI card (spec reports §2 Overview, §3 Card data): the group's label (its live label, 'Current …', for the period
 * of the last update), the value with its units, the change against the previous period with a trend arrow, and the
 * upper and lower values the response gives for the group (spec reports §9 labels). Screen readers get a group named by the label whose value sits in an element
 * labelled 'value'.
 */
export function KpiCardPanel({
  options,
  data: answer,
  title,
  systemGroup,
}: PanelProps<KpiCardOptions, KpiCard>): JSX.Element {
  const { t } = useTranslation();
  const labelId = useId();
  const data = kpiCardInUnits(answer, useLengthUnits());
  const label = kpiCardLabel(options, systemGroup, data.live === true) ?? title;
  const format = options.format ?? formatOfUnits(data.units);
  const shown = formatValue(data.value, format, data.units, options.decimals ?? KPI_CARD_DEFAULTS.decimals);
  const lines = [data.upper, data.lower].filter((line) => line !== undefined);
  return (
    <div className="kpi-card" role="group" aria-labelledby={labelId} style={{ height: KPI_CARD_HEIGHT_PX }}>
      <div className="kpi-card__main">
        <h2 id={labelId} className="kpi-card__label">
          {label}
        </h2>
        <p className="kpi-card__figure">
          <output
            className="kpi-card__value"
            aria-label={t('panels.kpiCard.value')}
            title={data.value === null ? undefined : String(data.value)}
            style={{ color: valueColour(data.value, format) }}
          >
            {shown.text}
          </output>
          {shown.units !== '' && <span className="kpi-card__units">{shown.units}</span>}
        </p>
        {data.stats !== null && <KpiChange stats={data.stats} description={data.statsDescription} />}
      </div>
      {lines.length > 0 && (
        <dl className="kpi-card__details">
          {lines.map((line) => (
            <KpiLineRow key={line.description} line={line} />
          ))}
        </dl>
      )}
    </div>
  );
}
