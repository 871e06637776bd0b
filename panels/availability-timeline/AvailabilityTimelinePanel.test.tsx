import { screen } from '@testing-library/react';
import { FOUR_HOURLY_DAY_LABELS, renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { describe, expect, it } from 'vitest';
import { AVAILABILITY_TIMELINE_ANSWER, AVAILABILITY_TIMELINE_OPTIONS } from './fixtures.ts';
import { bucketLabel, selectAvailabilityTimeline, type AvailabilityTimelineData } from './model.ts';
import { AvailabilityTimelinePanel } from './AvailabilityTimelinePanel.tsx';

describe('availability-timeline model', () => {
  it("shows −1 as '--' and colours bars by the thresholds of spec reports §9", () => {
    const data = selectAvailabilityTimeline(AVAILABILITY_TIMELINE_ANSWER);
    const byLabel = (label: string) => data?.bars.find((bar) => bar.label === label);
    expect(byLabel('2 AM')).toMatchObject({ percent: null, colour: null, description: '2 AM: --' });
    expect(byLabel('8 AM')).toMatchObject({ percent: 50, colour: '#FF404F' });
    expect(byLabel('9 AM')).toMatchObject({ percent: 100, colour: '#1BB934' });
    expect(data?.availability).toBe('91.30%');
    expect(data?.bars.filter((bar) => bar.showLabel).map((bar) => bar.label)).toEqual(FOUR_HOURLY_DAY_LABELS);
  });

  it('labels days and is empty when nothing was reported', () => {
    expect(bucketLabel('2026-11-16')).toBe('Mon 16');
    const records = AVAILABILITY_TIMELINE_ANSWER.records.map((record) => ({ ...record, availability: -1 }));
    expect(selectAvailabilityTimeline({ ...AVAILABILITY_TIMELINE_ANSWER, records })).toBeNull();
  });
});

describe('AvailabilityTimelinePanel', () => {
  it('draws the availability and the change against the previous period', () => {
    const data = selectAvailabilityTimeline(AVAILABILITY_TIMELINE_ANSWER) as AvailabilityTimelineData;
    renderPanel(AvailabilityTimelinePanel, { options: AVAILABILITY_TIMELINE_OPTIONS, data, title: 'Availability' });
    expect(screen.getByText('91.30%')).toBeDefined();
    // 0.913 against 0.95: −3.89%.
    expect(screen.getByText('-3.89%')).toBeDefined();
  });
});
