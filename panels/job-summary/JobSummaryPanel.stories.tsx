import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { APOLLO_SUMMARY, DTF_SUMMARY, DTG_SUMMARY, JOB_SUMMARY_OPTIONS } from './fixtures.ts';
import { JobSelectionFixture } from './JobSelectionFixture.tsx';
import { JobSummaryPanel } from './JobSummaryPanel.tsx';
import { selectJobSummary, type JobSummaryAnswer, type JobSummaryData } from './model.ts';

function dataOf(answer: JobSummaryAnswer): JobSummaryData {
  const data = selectJobSummary(answer);
  if (data === null) throw new TypeError('fixture without data');
  return data;
}

/** The Jobs layout's own empty state for the summary (spec reports §2 Jobs Analysis). */
const states = panelStateStories(JobSummaryPanel, {
  placeholder: 'card',
  emptyState: { message: 'There is no available data', icon: 'list' },
  wrap: (framed) => <JobSelectionFixture>{framed}</JobSelectionFixture>,
  args: {
    options: JOB_SUMMARY_OPTIONS,
    data: dataOf(DTG_SUMMARY),
    title: 'Job summary',
    systemGroup: 'DTG',
    width: 900,
    height: 420,
  },
});

const meta = { title: 'Panels/Job summary', ...states.meta } satisfies Meta<typeof JobSummaryPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** DTG: selecting a size presses both of its cards. */
export const Data: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Small jobs/ }));
    await expect(canvas.getAllByRole('button', { pressed: true })).toHaveLength(2);
  },
};

export const Apollo: Story = {
  args: { data: dataOf(APOLLO_SUMMARY), systemGroup: 'Apollo' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /^Small/ })).toBeDisabled();
  },
};

export const DtfByPrintType: Story = {
  args: { data: dataOf(DTF_SUMMARY), systemGroup: 'DTF', options: { dtfPage: 'ByPrintType' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent(
      'Size data is not available for part of the selected period',
    );
    await userEvent.click(canvas.getByRole('button', { name: /^Quality(?! Solid)/ }));
    await expect(canvas.getByRole('button', { name: /^Quality(?! Solid)/ })).toHaveAttribute('aria-pressed', 'true');
  },
};
