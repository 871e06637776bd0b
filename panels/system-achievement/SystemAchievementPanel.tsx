import type { JSX } from 'react';
import { PanelBars, PanelHeadline } from '../../src/runtime/panel-sdk-parts.tsx';
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
    <div className="panel-body panel-body--stack system-achievement">
      <PanelHeadline value={data.achievement} colour={data.colour} detail={achievementDetail(data, t)} />
      <PanelBars
        bars={data.bars}
        describe={(bar) => barDescription(bar, t)}
        column={(bar) => (
          <>
            <span className="system-achievement__target" style={{ height: `${bar.targetPercent}%` }} />
            <span
              className="system-achievement__bar"
              style={{ height: `${bar.impressionsPercent}%`, background: bar.colour }}
            />
          </>
        )}
      />
    </div>
  );
}
