import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import type { AnswerOf } from '../../src/shared/api-types.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatPercent } from '../../src/shared/format/percent.ts';
import { THRESHOLD_TEXT_COLOURS, thresholdColour, type ThresholdColour } from '../../src/shared/kpi/trend.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const SYSTEM_ACHIEVEMENT_ANSWERS = ['SystemAchievement'] as const;

export type SystemAchievementAnswer = AnswerOf<(typeof SYSTEM_ACHIEVEMENT_ANSWERS)[number]>;

/** Bar colours of the thresholds (spec reports §9). */
const MARK_COLOURS: Record<ThresholdColour, string> = { red: '#FF404F', yellow: '#FFAB2B', green: '#1BB934' };

/** One hour or day: impressions against the target, both as a share of the highest of either. */
export interface AchievementBar {
  key: string;
  label: string;
  showLabel: boolean;
  impressionsPercent: number;
  targetPercent: number;
  colour: string;
  impressions: number;
  target: number;
}

/** What the panel draws. */
export interface SystemAchievementData {
  /** '87.38%', or '--' without shift targets. */
  achievement: string;
  colour?: string;
  /** The period's impressions and shift target (0: no shift targets). */
  impressions: number;
  target: number;
  bars: AchievementBar[];
}

/** The period's figures in words: '1.2k of 1.4k imp target', or '1.2k imp, no shift targets'. */
export function achievementDetail(data: Pick<SystemAchievementData, 'impressions' | 'target'>, t: PanelT): string {
  const impressions = abbreviateNumber(data.impressions, 1);
  return data.target === 0
    ? t('panels.systemAchievement.noTargets', { impressions })
    : t('panels.systemAchievement.ofTarget', { impressions, target: abbreviateNumber(data.target, 1) });
}

/** A bar's description: '9 AM: 112 of 89 imp'. */
export function barDescription(bar: AchievementBar, t: PanelT): string {
  return t('panels.systemAchievement.bar', {
    label: bar.label,
    impressions: Math.round(bar.impressions),
    target: Math.round(bar.target),
  });
}

function bucketLabel(date: string): string {
  if (!date.includes('T')) return date.slice(5);
  const hour = Number(date.slice(11, 13));
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * Impressions against the shift targets (docs/kpi-glossary.md "System achievement"); null (the empty state) when the
 * period has neither impressions nor a target.
 */
export function selectSystemAchievement(answer: SystemAchievementAnswer): SystemAchievementData | null {
  if (answer.impressions === 0 && answer.target === 0) return null;
  const colour = answer.achievement === null ? null : thresholdColour(answer.achievement);
  const highest = Math.max(1, ...answer.records.flatMap((record) => [record.impressions, record.target]));
  const hourly = answer.timeLineGranularity === 'hour';
  return {
    achievement: answer.achievement === null ? '--' : formatPercent(answer.achievement),
    ...(colour === null ? {} : { colour: THRESHOLD_TEXT_COLOURS[colour] }),
    impressions: answer.impressions,
    target: answer.target,
    bars: answer.records.map((record, index) => {
      const label = bucketLabel(record.date);
      const markColour = record.achievement === null ? null : thresholdColour(record.achievement);
      return {
        key: record.date,
        label,
        showLabel: !hourly || index % 4 === 0,
        impressionsPercent: (record.impressions / highest) * 100,
        targetPercent: (record.target / highest) * 100,
        colour: markColour === null ? '#5E7EBF' : MARK_COLOURS[markColour],
        impressions: record.impressions,
        target: record.target,
      };
    }),
  };
}
