import type { JSX } from 'react';
import { PanelFacts } from '../../src/runtime/panel-sdk-parts.tsx';
import { useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { identityLines, kpiTiles, type SystemCardsData } from './model.ts';
import type { SystemCardsOptions } from './options.ts';
import './SystemCardsPanel.css';

function Identity({ data }: { data: SystemCardsData }): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="system-cards__identity">
      <img
        className="system-cards__image"
        src={data.printerImage}
        alt={t('panels.systemCards.printerImage', { model: data.systemModel })}
      />
      <PanelFacts className="system-cards__facts" facts={identityLines(data, t)} />
    </div>
  );
}

function Kpis({ data }: { data: SystemCardsData }): JSX.Element {
  const { t } = useTranslation();
  return (
    <ul className="system-cards__tiles">
      {kpiTiles(data, t).map((tile) => (
        <li key={tile.label} className="system-cards__tile">
          <span className="system-cards__label">{tile.label}</span>
          <span className="system-cards__value" style={tile.colour === undefined ? undefined : { color: tile.colour }}>
            {tile.value}
          </span>
          {tile.changes.map((change) => (
            <span key={change.label} className="system-cards__change">
              <span style={change.colour === undefined ? undefined : { color: change.colour }}>{change.text}</span>{' '}
              {change.label}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** The system page cards (spec reports §3): the printer's identity, or its KPIs against last week and the fleet. */
export function SystemCardsPanel({
  options,
  data,
  title,
}: PanelProps<SystemCardsOptions, SystemCardsData>): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="panel-body system-cards" tabIndex={0} role="region" aria-label={t('panels.scrollable', { title })}>
      {options.section === 'identity' ? <Identity data={data} /> : <Kpis data={data} />}
    </div>
  );
}
