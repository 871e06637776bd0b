import type { JSX } from 'react';
import { useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { achievementDetail, barDescription, type SystemAchievementData } from './model.ts';
import type { SystemAchievementOptions } from './options.ts';
import './SystemAchievementPanel.css';

/** Impressions against the shift targets, in total and per hour or day. */
export function SystemAchievementPanel({
  data,
}: PanelProps<SystemAchievementOptions, SystemAchievementData>): JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="system-achievement">
      <p className="system-achievement__headline">
        <span
          className="system-achievement__value"
          style={data.colour === undefined ? undefined : { color: data.colour }}
        >
          {data.achievement}
        </span>
        <span className="system-achievement__detail">{achievementDetail(data, t)}</span>
      </p>
      <ol className="system-achievement__bars">
        {data.bars.map((bar) => (
          <li key={bar.key} title={barDescription(bar, t)}>
            <span className="system-achievement__hidden">{barDescription(bar, t)}</span>
            <span className="system-achievement__column" aria-hidden="true">
              <span className="system-achievement__target" style={{ height: `${bar.targetPercent}%` }} />
              <span
                className="system-achievement__bar"
                style={{ height: `${bar.impressionsPercent}%`, background: bar.colour }}
              />
            </span>
            <span className="system-achievement__label" aria-hidden="true">
              {bar.showLabel ? bar.label : ''}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
