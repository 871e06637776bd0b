import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LayoutProblemsNotice } from './LayoutProblemsNotice.tsx';

/** What an admin sees above a report whose layout file has an error on disk (the report shows its last valid version). */
const meta = {
  title: 'Runtime/Layout problems notice',
  component: LayoutProblemsNotice,
  decorators: [
    (Story) => (
      <div style={{ width: 900, padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LayoutProblemsNotice>;

export default meta;

type Story = StoryObj<typeof meta>;

const misspeltKind = {
  file: 'layouts/overview.json',
  line: 21,
  column: 7,
  pointer: '/panels/totalProduction/kind',
  message: "unknown panel kind 'kpi-crad'",
  suggestion: "did you mean 'kpi-card'?",
};

/** One error: the file, its line and column, and the problem, on one small line. */
export const OneProblem: Story = {
  args: { problems: [misspeltKind] },
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement).getByRole('status', { name: 'Layout problem' });
    await expect(notice).toHaveTextContent(
      "layouts/overview.json, line 21, column 7: /panels/totalProduction/kind: unknown panel kind 'kpi-crad' " +
        "(did you mean 'kpi-card'?). This page shows the file's last valid version.",
    );
    await expect(notice.getBoundingClientRect().height).toBeLessThan(48);
  },
};

/** Several errors: the first, and how many more `npm run layouts:check` lists. */
export const SeveralProblems: Story = {
  args: {
    problems: [
      misspeltKind,
      { file: 'layouts/overview.json', pointer: '', message: 'invalid JSON', line: 40, column: 3 },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Layout problem' })).toHaveTextContent(
      /\(1 more: npm run layouts:check\)\. This page shows/,
    );
  },
};
