import { useState, type JSX } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { getInstanceByDom } from 'echarts/core';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { EChart, type EChartOption } from './panel-sdk-echart-bar.ts';

/** Utilization as a share: the axis runs from 0 to 100 %. */
const UTILIZATION: EChartOption = {
  animation: false,
  tooltip: { trigger: 'axis' },
  xAxis: { type: 'category', data: ['06:00', '07:00', '08:00'] },
  yAxis: {
    type: 'value',
    min: 0,
    max: 1,
    interval: 0.25,
    axisLabel: { formatter: (value: number) => `${value * 100}%` },
  },
  series: [{ type: 'bar', data: [0.4, 0.8, 0.6] }],
};

/** Production in units: an axis of its own scale, no percent bounds. */
const PRODUCTION: EChartOption = {
  animation: false,
  tooltip: { trigger: 'axis' },
  xAxis: { type: 'category', data: ['06:00', '07:00', '08:00'] },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data: [1200, 2400, 1800] }],
};

/** A chart whose option and size the story's buttons change, as a kind's toggle and a resized cell do. */
function ChangingChart(): JSX.Element {
  const [option, setOption] = useState(UTILIZATION);
  const [width, setWidth] = useState(360);
  return (
    <div>
      <button type="button" onClick={() => setOption(PRODUCTION)}>
        Production
      </button>
      <button type="button" onClick={() => setWidth(520)}>
        Wider
      </button>
      <EChart option={option} width={width} height={200} label="Utilization chart" className="" />
    </div>
  );
}

/** A chart that appears on a click, as a panel's chart does when its answer arrives after the loading placeholder. */
function AppearingChart(): JSX.Element {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setShown(true)}>
        Show
      </button>
      {shown && <EChart option={PRODUCTION} width={360} height={200} label="Production chart" className="" />}
    </div>
  );
}

/** The panel SDK's chart (issue #30, echarts-for-react): created once per mount, then updated and resized, never re-created. */
const meta = {
  title: 'Runtime/EChart',
  component: ChangingChart,
} satisfies Meta<typeof ChangingChart>;

export default meta;

type Story = StoryObj<typeof meta>;

const axisLabels = (chart: HTMLElement) => [...chart.querySelectorAll('svg text')].map((text) => text.textContent);

/** Lets `count` microtasks run; no task or animation frame runs meanwhile. */
async function microtasks(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn += 1) await Promise.resolve();
}

/** The chart's tooltip element: the box's child that is not zrender's viewport (the one holding the `<svg>`). */
const tooltipElement = (box: HTMLElement) => [...box.children].find((child) => child.querySelector('svg') === null);

export const UpdatedInPlace: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = canvas.getByRole('img', { name: 'Utilization chart' });
    const box = chart.firstElementChild as HTMLElement;
    await waitFor(() => expect(axisLabels(chart)).toContain('100%'));
    const instance = getInstanceByDom(box);
    await expect(instance).toBeDefined();

    const tooltip = tooltipElement(box);
    await expect(tooltip).toBeDefined();

    // A new option replaces the old whole: the percent axis' bounds do not stay on the production axis. It is drawn
    // in the commit that brings it, not a frame later (issue #30), and the tooltip's element is kept, not made anew.
    // (A click dispatched at once, then only microtasks, in which React renders and commits: no frame can pass.)
    canvas.getByRole('button', { name: 'Production' }).click();
    await microtasks(10);
    await expect(axisLabels(chart)).toContain('2,500');
    await expect(axisLabels(chart)).not.toContain('100%');
    await expect(getInstanceByDom(box)).toBe(instance);
    await expect(tooltipElement(box)).toBe(tooltip);

    // A new size resizes the same chart.
    await userEvent.click(canvas.getByRole('button', { name: 'Wider' }));
    await waitFor(() => expect(box.querySelector('svg')?.getAttribute('width')).toBe('520'));
    await expect(getInstanceByDom(box)).toBe(instance);
  },
};

/**
 * How many charts were made under `root` while `act` ran and `until` became true: each ECharts chart drawn as SVG adds
 * one box holding its `<svg>` (zrender's viewport; its first drawing may replace the `<svg>` inside, which is not counted).
 */
async function chartsMade(root: HTMLElement, act: () => Promise<void>, until: () => void): Promise<number> {
  let added = 0;
  const observer = new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes])) {
      if (node instanceof HTMLDivElement && node.querySelector(':scope > svg') !== null) added += 1;
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  await act();
  await waitFor(until);
  observer.disconnect();
  return added;
}

/** A chart that appears is made once: echarts-for-react's throw-away first chart (a second drawing) is not made. */
export const MadeOnceWhenItAppears: Story = {
  render: () => <AppearingChart />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const made = await chartsMade(
      canvasElement,
      () => userEvent.click(canvas.getByRole('button', { name: 'Show' })),
      () => expect(axisLabels(canvas.getByRole('img', { name: 'Production chart' }))).toContain('2,500'),
    );
    await expect(made).toBe(1);
    const box = canvas.getByRole('img', { name: 'Production chart' }).firstElementChild as HTMLElement;
    await expect(box.querySelector('svg')?.getAttribute('width')).toBe('360');
  },
};
