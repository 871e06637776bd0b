import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { QUALISET_RESULTS_ANSWER, QUALISET_RESULTS_OPTIONS } from './fixtures.ts';
import { selectQualisetResults, type QualisetResultsData } from './model.ts';
import { QualisetResultsPanel } from './QualisetResultsPanel.tsx';

type QualisetResultsStoryArgs = Parameters<typeof QualisetResultsPanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedQualisetResults(args: QualisetResultsStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} placeholder="card">
          <QualisetResultsPanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedQualisetResults;
}

const meta = {
  title: 'Panels/Qualiset results',
  component: QualisetResultsPanel,
  args: {
    options: QUALISET_RESULTS_OPTIONS,
    data: selectQualisetResults(QUALISET_RESULTS_ANSWER, QUALISET_RESULTS_OPTIONS) as QualisetResultsData,
    title: 'Qualiset',
    systemGroup: 'DTG',
    width: 600,
    height: 240,
  },
  render: framed('ready'),
} satisfies Meta<typeof QualisetResultsPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Qualiset' })).toBeVisible();
  },
};

export const Empty: Story = {
  render: framed('empty'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for this period')).toBeVisible();
  },
};

export const Error: Story = {
  render: framed('error'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
  },
};

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement);
    await expect(panel.getByText('Passed 2 of 3 (66.67%)')).toBeVisible();
    await expect(panel.getByText('Failed')).toBeVisible();
  },
};
