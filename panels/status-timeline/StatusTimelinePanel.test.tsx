import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FOUR_HOURLY_DAY_LABELS } from '../../src/runtime/panel-sdk-testing.tsx';
import { STATUS_TIMELINE_ANSWER, STATUS_TIMELINE_OPTIONS, STATUS_TIMELINE_WEEK_ANSWER } from './fixtures.ts';
import {
  dayTicks,
  hourLabel,
  inStatusOrder,
  pointsOfHour,
  runsOf,
  selectStatusTimeline,
  type StatusTimelineData,
} from './model.ts';
import { StatusTimelinePanel } from './StatusTimelinePanel.tsx';

const day = selectStatusTimeline(STATUS_TIMELINE_ANSWER) as StatusTimelineData;

describe('status-timeline model', () => {
  it('orders statuses Error, Maintenance, Idle, Printing, Not Reporting (spec reports §4) whatever the answer order', () => {
    const shuffled = [
      { status: 'Printing' as const, percentage: 1 },
      { status: 'Not Reporting' as const, percentage: 2 },
      { status: 'Error' as const, percentage: 3 },
      { status: 'Idle' as const, percentage: 4 },
      { status: 'Maintenance' as const, percentage: 5 },
    ];
    expect(inStatusOrder(shuffled).map((share) => share.status)).toEqual([
      'Error',
      'Maintenance',
      'Idle',
      'Printing',
      'Not Reporting',
    ]);
  });

  it('labels hours 0–23 with AM/PM (spec reports §2)', () => {
    expect([0, 1, 11, 12, 13, 23].map(hourLabel)).toEqual(['12 AM', '1 AM', '11 AM', '12 PM', '1 PM', '11 PM']);
  });

  it('merges the five-minute points into runs: the fixture day reads not reported, printing, error, …', () => {
    const runs = runsOf(day.points ?? []).map(({ status, startTime, endTime }) => `${status} ${startTime}-${endTime}`);
    expect(runs).toEqual([
      'Not Reporting 00:00-06:00',
      'Printing 06:00-08:00',
      'Error 08:00-08:30',
      'Printing 08:30-12:00',
      'Maintenance 12:00-13:00',
      'Printing 13:00-18:00',
      'Idle 18:00-22:00',
      'null 22:00-24:00',
    ]);
  });

  it('has 12 five-minute points per hour and ticks every 4 hours', () => {
    expect(pointsOfHour(day.points ?? [], 8)).toHaveLength(12);
    expect(dayTicks(day.points ?? []).map((tick) => tick.label)).toEqual(FOUR_HOURLY_DAY_LABELS);
  });

  it('is empty when no day of the period was reported', () => {
    const days = STATUS_TIMELINE_WEEK_ANSWER.systemTimeLineGraphResponse.systemTimeLineGraphData.map((entry) => ({
      ...entry,
      isNotReported: true,
    }));
    expect(
      selectStatusTimeline({
        ...STATUS_TIMELINE_WEEK_ANSWER,
        systemTimeLineGraphResponse: { systemTimeLineGraphData: days },
      }),
    ).toBeNull();
  });
});

describe('StatusTimelinePanel', () => {
  const props = {
    options: STATUS_TIMELINE_OPTIONS,
    title: 'Timeline',
    systemGroup: 'DTG' as const,
    width: 900,
    height: 260,
  };

  it('shows the period summary and toggles the day view to one hour', () => {
    render(<StatusTimelinePanel {...props} data={day} />);
    expect(
      within(screen.getByRole('list', { name: 'Period summary' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Error 2%', 'Maintenance 4%', 'Idle 17%', 'Printing 40%', 'Not Reporting 37%']);
    fireEvent.click(screen.getByRole('button', { name: 'Hour' }));
    // Opens at the latest reported hour: 9 PM, idle.
    expect(screen.getByRole('combobox', { name: 'Hour' })).toHaveProperty('value', '21');
    fireEvent.change(screen.getByRole('combobox', { name: 'Hour' }), { target: { value: '12' } });
    expect(screen.getAllByText(/^12:\d\d PM Maintenance$/)).toHaveLength(12);
  });

  it('draws a week as one row per day', () => {
    render(
      <StatusTimelinePanel {...props} data={selectStatusTimeline(STATUS_TIMELINE_WEEK_ANSWER) as StatusTimelineData} />,
    );
    expect(screen.getByRole('img', { name: /^Fri, Nov 20: Error 4%/ })).toBeDefined();
    expect(screen.getAllByText('Not reported')).toHaveLength(2);
  });
});
