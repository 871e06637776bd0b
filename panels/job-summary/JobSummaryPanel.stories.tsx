import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { APOLLO_SUMMARY, DTF_SUMMARY, DTG_SUMMARY, JOB_SUMMARY_OPTIONS } from './fixtures.ts';
import { JobSelectionFixture } from './JobSelectionFixture.tsx';
import { JobSummaryPanel } from './JobSummaryPanel.tsx';
import { selectJobSummary, type JobSummaryAnswer, type JobSummaryData } from './model.ts';

type JobSummaryStoryArgs = Parameters<typeof JobSummaryPanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedJobSummary(args: JobSummaryStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <JobSelectionFixture>
          <PanelFrame
            title={args.title}
            state={state}
            placeholder="card"
            emptyState={{ message: 'There is no available data', icon: 'list' }}
          >
            <JobSummaryPanel {...args} />
          </PanelFrame>
        </JobSelectionFixture>
      </div>
    );
  }
  return FramedJobSummary;
}

function dataOf(answer: JobSummaryAnswer): JobSummaryData {
  const data = selectJobSummary(answer);
  if (data === null) throw new TypeError('fixture without data');
  return data;
}

const meta = {
  title: 'Panels/Job summary',
  component: JobSummaryPanel,
  args: {
    options: JOB_SUMMARY_OPTIONS,
    data: dataOf(DTG_SUMMARY),
    title: 'Job summary',
    systemGroup: 'DTG',
    width: 900,
    height: 420,
  },
  render: framed('ready'),
} satisfies Meta<typeof JobSummaryPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Job summary' })).toBeVisible();
  },
};

export const Empty: Story = {
  render: framed('empty'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('There is no available data')).toBeVisible();
  },
};

export const Error: Story = {
  render: framed('error'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
  },
};

/** DTG: selecting a size presses both of its cards. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^Small jobs/ }));
    await expect(canvas.getAllByRole('button', { pressed: true })).toHaveLength(2);
  },
};

export const Apollo: Story = {
  args: { data: dataOf(APOLLO_SUMMARY), systemGroup: 'Apollo' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /^Small/ })).toBeDisabled();
  },
};

export const DtfByPrintType: Story = {
  args: { data: dataOf(DTF_SUMMARY), systemGroup: 'DTF', options: { dtfPage: 'ByPrintType' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('note')).toHaveTextContent(
      'Size data is not available for part of the selected period',
    );
    await userEvent.click(canvas.getByRole('button', { name: /^Quality(?! Solid)/ }));
    await expect(canvas.getByRole('button', { name: /^Quality(?! Solid)/ })).toHaveAttribute('aria-pressed', 'true');
  },
};
