import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { resolveEmptyState } from '../shared/layout/empty-states.ts';
import { PanelFrame } from './PanelFrame.tsx';

/** The runtime's chrome around every panel, in each state of spec reports §2 and §8. */
const meta = {
  title: 'Runtime/Panel frame',
  component: PanelFrame,
  args: { title: 'Production', state: 'ready' },
  decorators: [
    (Story) => (
      <div style={{ width: 480, height: 210 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PanelFrame>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Chart placeholder: bars standing on the baseline while the query loads. */
export const LoadingChart: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const placeholder = canvas.getByRole('status', { name: 'Loading Production' });
    await expect(placeholder).toBeVisible();
    await expect(placeholder.children.length).toBeGreaterThan(3);
    await expect(canvas.getByRole('region', { name: 'Production' })).toHaveAttribute('aria-busy', 'true');
    // One wave over the whole placeholder, started only when loading lasts (panel-frame.css); the bones draw none.
    const wave = getComputedStyle(placeholder, '::after');
    await expect(wave.animationName).toBe('panel-frame-bone-wave');
    await expect(wave.animationDelay).toBe('0.4s');
    for (const bone of placeholder.children) await expect(getComputedStyle(bone, '::after').animationName).toBe('none');
  },
};

export const LoadingCard: Story = {
  args: { title: 'Total Production', state: 'loading', placeholder: 'card' },
  decorators: [
    (Story) => (
      <div style={{ width: 320, height: 144 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Total Production' })).toBeVisible();
  },
};

export const Error: Story = {
  args: { state: 'error' },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Error loading report data');
    await expect(alert).toHaveStyle({ color: 'rgb(200, 16, 46)' });
  },
};

/** The default empty state: no data for this period, empty-state icon. */
export const EmptyNoData: Story = {
  args: { state: 'empty' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No data for this period')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Empty' })).toBeVisible();
  },
};

export const EmptyNothingSelectedApollo: Story = {
  name: "Empty: 'Nothing Was Selected' (Apollo, list icon)",
  args: { state: 'empty', emptyState: resolveEmptyState('nothingSelected', 'Apollo') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Nothing Was Selected')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'List' })).toBeVisible();
  },
};

export const EmptyNothingSelectedDTG: Story = {
  name: "Empty: 'Nothing Was Selected' (DTG, empty-state icon)",
  args: { state: 'empty', emptyState: resolveEmptyState('nothingSelected', 'DTG') },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Empty' })).toBeVisible();
  },
};

export const EmptyTank: Story = {
  name: 'Empty: tank icon (ink)',
  args: {
    title: 'Ink consumption',
    state: 'empty',
    emptyState: { message: 'There is no available data', icon: 'tank' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Tank' })).toBeVisible();
  },
};

export const EmptyEvent: Story = {
  name: 'Empty: event icon (errors and maintenance)',
  args: { title: 'Messages', state: 'empty', emptyState: { message: 'There is no available data', icon: 'event' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Event' })).toBeVisible();
  },
};

export const EmptyPrinterNotReported: Story = {
  name: 'Empty: printer-not-reported icon',
  args: {
    title: 'Timeline',
    state: 'empty',
    emptyState: { message: 'There is no available data', icon: 'printer-not-reported' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Printer not reported' })).toBeVisible();
  },
};

export const EmptyNoIcon: Story = {
  name: 'Empty: no icon',
  args: { state: 'empty', emptyState: { message: 'There is no available data', icon: 'no-icon' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('There is no available data')).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

export const Ready: Story = {
  args: { children: <p style={{ padding: 16 }}>The panel&apos;s content</p> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Production' })).toBeVisible();
    await expect(canvas.getByText("The panel's content")).toBeVisible();
  },
};

/**
 * Loading over the answer before (issue #30): the content stays mounted and laid out as when ready, hidden from sight
 * and screen readers, with the title and chart placeholder drawn over it as on a first load.
 */
export const LoadingOverTheAnswerBefore: Story = {
  args: {
    state: 'loading',
    children: <p style={{ flex: 1, margin: 0, padding: 16, background: '#dbeafe' }}>The answer before</p>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading Production' })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { name: 'Production' })).toHaveLength(1);
    const kept = canvasElement.querySelector('p');
    await expect(kept).not.toBeVisible();
    // Laid out as when ready: the kept content keeps its size (a chart under it is not resized).
    await expect(kept?.getBoundingClientRect().height).toBeGreaterThan(100);
    await expect(canvas.getByRole('region', { name: 'Production' })).toHaveAttribute('aria-busy', 'true');
  },
};
