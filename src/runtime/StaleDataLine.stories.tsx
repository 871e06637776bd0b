import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { reportApiAnswer, reportApiUnreachable, resetConnectionHealth } from '../api/connection-health.ts';
import { StaleDataLine } from './StaleDataLine.tsx';

/** The last answer the stories' page had: 10:42 in the browser's time zone. */
const LAST_ANSWER = new Date(2026, 10, 28, 10, 42, 17).getTime();

/** The API answered at 10:42 and has failed since; the store is reset after the story. */
function stale(): () => void {
  reportApiAnswer(LAST_ANSWER);
  reportApiUnreachable(LAST_ANSWER + 90_000);
  return resetConnectionHealth;
}

function channel(value: number): number {
  const v = value / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast of the line's text on its own background (both opaque). */
function contrastOf(element: Element): number {
  const style = getComputedStyle(element);
  const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The line that says how old a report's data is while the portal's API is away (issue #32). */
const meta = {
  title: 'Runtime/Stale data line',
  component: StaleDataLine,
  beforeEach: stale,
} satisfies Meta<typeof StaleDataLine>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Above a report's grid in a browser tab. */
export const ReportBar: Story = {
  args: { size: 'bar' },
  decorators: [
    (Story) => (
      <div style={{ width: 900, padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const line = within(canvasElement).getByRole('status', { name: 'Data freshness' });
    await expect(line).toHaveTextContent(/^Data as of 10:42 — reconnecting$/);
    const bar = line.firstElementChild as HTMLElement;
    await expect(bar.getBoundingClientRect().width).toBeCloseTo(900 - 32, 0);
    await expect(contrastOf(bar)).toBeGreaterThanOrEqual(4.5);
  },
};

/** Across a TV in kiosk mode (dark page): sized from the viewport's width, read from 5 m on 1080p and 4K. */
export const KioskTv: Story = {
  args: { size: 'tv' },
  decorators: [
    (Story) => (
      <div style={{ background: '#030712', padding: 12 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const line = within(canvasElement).getByRole('status', { name: 'Data freshness' });
    await expect(line).toHaveTextContent(/^Data as of 10:42 — reconnecting$/);
    const bar = line.firstElementChild as HTMLElement;
    const expected = Math.min(160, Math.max(32, window.innerWidth * 0.04));
    await expect(Number.parseFloat(getComputedStyle(bar).fontSize)).toBeCloseTo(expected, 0);
    await expect(bar.getBoundingClientRect().width).toBeCloseTo(canvasElement.getBoundingClientRect().width - 24, 0);
    await expect(contrastOf(bar)).toBeGreaterThanOrEqual(7);
  },
};

/** Before the page's first answer: no time to give. */
export const NoDataYet: Story = {
  args: { size: 'bar' },
  beforeEach: () => {
    resetConnectionHealth();
    reportApiUnreachable(LAST_ANSWER);
    return resetConnectionHealth;
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Data freshness' })).toHaveTextContent(
      /^No data yet — reconnecting$/,
    );
  },
};

/** The API answers: the live region is there, empty. */
export const Healthy: Story = {
  args: { size: 'bar' },
  beforeEach: () => {
    resetConnectionHealth();
    reportApiAnswer(LAST_ANSWER);
    return resetConnectionHealth;
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Data freshness' })).toBeEmptyDOMElement();
  },
};
