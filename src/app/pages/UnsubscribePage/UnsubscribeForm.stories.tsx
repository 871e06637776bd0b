import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { UnsubscribeForm } from './UnsubscribeForm.tsx';

/** The Unsubscribe page's card (spec shell §2, §4, §8) in each state, without the API: the page sends the call. */
const meta = {
  title: 'Pages/Unsubscribe',
  component: UnsubscribeForm,
  args: { email: '', state: 'idle', onEmailChange: fn(), onSubmit: fn() },
  decorators: [
    (Story) => (
      <main className="card-page">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof UnsubscribeForm>;

export default meta;

type Story = StoryObj<typeof meta>;

/** As the e-mail's link opens it: the address to type, the question and the button. */
export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
    await expect(canvas.getByText('We are sorry to see you go')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('E-mail'), 'a');
    await expect(args.onEmailChange).toHaveBeenCalledWith('a');
    await userEvent.click(canvas.getByRole('button', { name: 'Unsubscribe' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

/** While the call is on its way: the button is off. */
export const Sending: Story = {
  args: { email: 'ann@example.test', state: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Unsubscribe' })).toBeDisabled();
  },
};

/** Unsubscribed: 'Success', and nothing more to send. */
export const Success: Story = {
  args: { email: 'ann@example.test', state: 'success' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Success')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Unsubscribe' })).toBeDisabled();
  },
};

/** A forged, expired or mismatched link (spec shell §8): the red error, and the button to try again. */
export const Refused: Story = {
  args: { email: 'ann@example.test', state: 'error' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('something went wrong, try again')).toHaveClass('unsubscribe__error');
    await expect(canvas.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  },
};
