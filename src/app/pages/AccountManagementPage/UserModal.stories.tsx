import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor } from 'xstate';
import { expect, fn, screen, within } from 'storybook/test';
import { FIXTURE_SCOPE, FIXTURE_USERS } from './AccountManagement.fixtures.ts';
import { UserModal } from './UserModal.tsx';
import { buildScopeTree } from './scope-tree.model.ts';
import { userModalMachine, userModalView, type UserModalEvent } from './user-modal.machine.ts';
import './AccountManagementPage.css';

/** The modal as the machine leaves it after `events` (no save is started: the stories never reach SAVING). */
function viewAfter(...events: UserModalEvent[]) {
  const actor = createActor(userModalMachine).start();
  for (const event of events) actor.send(event);
  const view = userModalView(actor.getSnapshot());
  actor.stop();
  return view;
}

/** The user modal (spec shell §2, §4, §5): the form with its errors, an edit of the root user. */
const meta = {
  title: 'Pages/Account Management/User modal',
  component: UserModal,
  args: {
    view: viewAfter({ type: 'modal.create' }),
    tree: buildScopeTree(FIXTURE_SCOPE),
    adminScope: { customerIds: [], siteIds: [], systemIds: [] },
    onChange: fn(),
    onSave: fn(),
    onClose: fn(),
    invitation: null,
  },
} satisfies Meta<typeof UserModal>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Edited fields with errors: letters only, too long, not an e-mail; Save disabled. */
export const WithErrors: Story = {
  args: {
    view: viewAfter(
      { type: 'modal.create' },
      { type: 'form.change', changes: { firstname: 'R2D2' }, field: 'firstname' },
      { type: 'form.change', changes: { lastname: 'x'.repeat(101) }, field: 'lastname' },
      { type: 'form.change', changes: { email: 'r2d2@' }, field: 'email' },
    ),
  },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'New user' }));
    await expect(dialog.getByText('Must be letters only')).toBeInTheDocument();
    await expect(dialog.getByText('Must be 100 characters or less')).toBeInTheDocument();
    await expect(dialog.getByText('Not a valid email address')).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    // No scope chosen: setting goals is not offered yet.
    await expect(dialog.getByRole('switch', { name: 'Set goals' })).toBeDisabled();
  },
};

/** The root user: e-mail read-only, Admin fixed, the site scope checked in the tree. */
export const EditRootUser: Story = {
  args: { view: viewAfter({ type: 'modal.edit', user: { ...FIXTURE_USERS[0]!, siteIds: ['site-hall-2'] } }) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit user' }));
    await expect(dialog.getByLabelText('E-mail')).toHaveAttribute('readonly');
    await expect(dialog.getByRole('switch', { name: 'Admin permissions' })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Set goals' })).toBeEnabled();
  },
};
