import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CaptchaStepView } from './CaptchaStepView.tsx';

/**
 * The captcha step that replaces Account Management when a password reset needs one (spec shell §2, §8), in each of
 * its phases: the challenge loading, the puzzle being solved, solved (the reset going out), and failed.
 */
const meta = {
  title: 'Pages/Account Management/Captcha step',
  component: CaptchaStepView,
  args: { phase: { name: 'loading' }, onCancel: fn(), onRetry: fn() },
} satisfies Meta<typeof CaptchaStepView>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Why the step is there, and an indeterminate bar while the challenge is fetched. */
export const ChallengeLoading: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Confirm the password reset' })).toBeInTheDocument();
    await expect(canvas.getByText(/reset several times within the last hour/)).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('Fetching the puzzle…');
    await expect(canvas.getByRole('progressbar', { name: 'Puzzle progress' })).not.toHaveAttribute('value');
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** The puzzle 40 % searched; Cancel leaves the step. */
export const Solving: Story = {
  args: { phase: { name: 'solving', fraction: 0.4 } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Solving the puzzle…');
    await expect(canvas.getByRole('progressbar', { name: 'Puzzle progress' })).toHaveValue(40);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

/** Solved: the bar full while the reset goes out with the solution. */
export const Solved: Story = {
  args: { phase: { name: 'solved' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Puzzle solved. Sending the reset e-mail…');
    await expect(canvas.getByRole('progressbar', { name: 'Puzzle progress' })).toHaveValue(100);
  },
};

/** Not confirmed (no solution, refused by the server, the network): the message and another try. */
export const Failed: Story = {
  args: { phase: { name: 'failed' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The puzzle could not be confirmed. Please try again.');
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
