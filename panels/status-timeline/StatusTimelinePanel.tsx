import { useId, useState, type JSX } from 'react';
import { StatusShareStrip } from '../../src/runtime/panel-sdk-parts.tsx';
import { useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import type { TimelinePoint } from '../../src/shared/contract/system-page.contract.ts';
import {
  TIMELINE_COLOURS,
  clockLabel,
  dayTicks,
  hourLabel,
  latestReportedHour,
  pointsOfHour,
  runsOf,
  shareText,
  sharesText,
  statusText,
  type DayView,
  type StatusShare,
  type StatusTimelineData,
  type TimelineDay,
} from './model.ts';
import type { StatusTimelineOptions } from './options.ts';
import './StatusTimelinePanel.css';

/** Colour of a status; a point without one (not yet, or a gap) is left blank. */
const colourOf = (status: TimelinePoint['status']) => (status === null ? 'transparent' : TIMELINE_COLOURS[status]);

function Legend({ summary }: { summary: readonly StatusShare[] }): JSX.Element {
  const { t } = useTranslation();
  return (
    <ul className="status-timeline__legend" aria-label={t('panels.statusTimeline.summary')}>
      {summary.map(({ status, percentage }) => (
        <li key={status}>
          <span
            className="status-timeline__swatch"
            style={{ background: TIMELINE_COLOURS[status] }}
            aria-hidden="true"
          />
          {statusText(status, t)} <strong>{percentage}%</strong>
        </li>
      ))}
    </ul>
  );
}

/** The whole day: one strip of five-minute points, merged into runs of one status, ticks every 4 hours. */
function DayStrip({ points }: { points: readonly TimelinePoint[] }): JSX.Element {
  const { t } = useTranslation();
  const runs = runsOf(points);
  const description = runs
    .filter((run) => run.status !== null)
    .map((run) => `${statusText(run.status, t)} ${clockLabel(run.startTime)}–${clockLabel(run.endTime)}`)
    .join(', ');
  return (
    <div className="status-timeline__day">
      <div
        className="status-timeline__strip"
        role="img"
        aria-label={t('panels.statusTimeline.dayStatuses', {
          statuses: description || t('panels.statusTimeline.noStatuses'),
        })}
      >
        {runs.map((run) => (
          <span
            key={run.from}
            className="status-timeline__run"
            style={{
              left: `${(run.from / points.length) * 100}%`,
              width: `${(run.count / points.length) * 100}%`,
              background: colourOf(run.status),
            }}
            title={`${statusText(run.status, t)}: ${clockLabel(run.startTime)}–${clockLabel(run.endTime)}`}
          />
        ))}
      </div>
      <div className="status-timeline__axis" aria-hidden="true">
        {dayTicks(points).map((tick) => (
          <span key={tick.index} style={{ left: `${(tick.index / points.length) * 100}%` }}>
            {tick.label}
          </span>
        ))}
      </div>
    </div>
  );
}

/** One hour: its twelve five-minute points, each labelled with its time. */
function HourStrip({ points }: { points: readonly TimelinePoint[] }): JSX.Element {
  const { t } = useTranslation();
  return (
    <ol className="status-timeline__hour">
      {points.map((point) => (
        <li key={point.start} title={`${clockLabel(point.time)}: ${statusText(point.status, t)}`}>
          <span
            className={`status-timeline__cell${point.status === null ? ' status-timeline__cell--none' : ''}`}
            style={{ background: colourOf(point.status) }}
            aria-hidden="true"
          />
          <span className="status-timeline__cell-time">{point.time.slice(3)}</span>
          <span className="panel-hidden">
            {clockLabel(point.time)} {statusText(point.status, t)}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The week: a row per day, its statuses' shares stacked in the order of spec reports §4. */
function WeekRows({ days }: { days: readonly TimelineDay[] }): JSX.Element {
  const { t } = useTranslation();
  return (
    <ul className="status-timeline__week">
      {days.map((day) => (
        <li key={day.date} className="status-timeline__week-row">
          <span className="status-timeline__week-label">{day.label}</span>
          {day.isNotReported ? (
            <span className="status-timeline__week-bar status-timeline__week-bar--none">
              {t('panels.statusTimeline.notReported')}
            </span>
          ) : (
            <StatusShareStrip
              className="status-timeline__week-bar"
              shares={day.statuses}
              label={`${day.label}: ${sharesText(day.statuses, t)}`}
              titleOf={(share) => shareText(share, t)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function DayTimeline({ points, initialView }: { points: readonly TimelinePoint[]; initialView: DayView }): JSX.Element {
  const [view, setView] = useState<DayView>(initialView);
  const [hour, setHour] = useState(() => latestReportedHour(points));
  const hourId = useId();
  const { t } = useTranslation();
  return (
    <>
      <div className="status-timeline__controls">
        <div className="status-timeline__toggle" role="group" aria-label={t('panels.statusTimeline.view')}>
          {(['day', 'hour'] as const).map((entry) => (
            <button key={entry} type="button" aria-pressed={view === entry} onClick={() => setView(entry)}>
              {t(`panels.statusTimeline.views.${entry}`)}
            </button>
          ))}
        </div>
        {view === 'hour' && (
          <label className="status-timeline__hour-picker" htmlFor={hourId}>
            {t('panels.statusTimeline.hour')}
            <select id={hourId} value={hour} onChange={(event) => setHour(Number(event.target.value))}>
              {Array.from({ length: 24 }, (_, entry) => (
                <option key={entry} value={entry}>
                  {hourLabel(entry)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {view === 'day' ? <DayStrip points={points} /> : <HourStrip points={pointsOfHour(points, hour)} />}
    </>
  );
}

/**
 * A system's status timeline (spec reports §2, §3, §9): the period's shares, then for a day the five-minute strip
 * with its Day/Hour toggle, for a week one stacked bar per day.
 */
export function StatusTimelinePanel({
  options,
  data,
}: PanelProps<StatusTimelineOptions, StatusTimelineData>): JSX.Element {
  return (
    <div className="panel-body panel-body--stack status-timeline">
      <Legend summary={data.summary} />
      {data.points === null ? (
        <WeekRows days={data.days} />
      ) : (
        <DayTimeline points={data.points} initialView={options.dayView ?? 'day'} />
      )}
    </div>
  );
}
