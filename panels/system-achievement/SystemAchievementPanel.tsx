import type { JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import type { SystemAchievementData } from './model.ts';
import type { SystemAchievementOptions } from './options.ts';
import './SystemAchievementPanel.css';

/** Impressions against the shift targets, in total and per hour or day. */
export function SystemAchievementPanel({
  data,
}: PanelProps<SystemAchievementOptions, SystemAchievementData>): JSX.Element {
  return (
    <div className="system-achievement">
      <p className="system-achievement__headline">
        <span
          className="system-achievement__value"
          style={data.colour === undefined ? undefined : { color: data.colour }}
        >
          {data.achievement}
        </span>
        <span className="system-achievement__detail">{data.detail}</span>
      </p>
      <ol className="system-achievement__bars">
        {data.bars.map((bar) => (
          <li key={bar.key} title={bar.description}>
            <span className="system-achievement__hidden">{bar.description}</span>
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
