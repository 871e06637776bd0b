import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { FIXTURE_USERS } from './AccountManagement.fixtures.ts';
import { AccountManagementView } from './AccountManagementView.tsx';
import './AccountManagementPage.css';

/** The Account Management page (spec shell §2) without its calls: loading, the list, a search without matches. */
const meta = {
  title: 'Pages/Account Management',
  component: AccountManagementView,
  args: {
    users: FIXTURE_USERS,
    scopeLoaded: true,
    showSearch: true,
    search: '',
    onSearch: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onDuplicate: fn(),
    onResetPassword: fn(),
    onSendInvitation: fn(),
  },
} satisfies Meta<typeof AccountManagementView>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Users and scope still loading: a spinner, and no Add user until customers, sites and systems are in. */
export const Loading: Story = {
  args: { users: undefined, scopeLoaded: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading...');
    await expect(canvas.queryByRole('button', { name: 'Add user' })).toBeNull();
  },
};

/** The list: the root user's and an admin's stars, goal setters' icon, scopes as 'All' or counts. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Root User' })).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'Admin User' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('img', { name: 'Sets goals' })).toHaveLength(2);
    await expect(canvas.getByText('1 customer')).toBeInTheDocument();
    await expect(canvas.getByText('2 systems')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add user' })).toBeEnabled();
  },
};

/** A search that matches nobody. */
export const EmptySearch: Story = {
  args: { users: [], search: 'Zed' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No users match this search.')).toBeInTheDocument();
    await expect(canvas.getByRole('searchbox', { name: 'Search users' })).toHaveValue('Zed');
  },
};

/** Under 500 px wide: no search box (spec shell §9). */
export const Narrow: Story = {
  args: { showSearch: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('searchbox')).toBeNull();
  },
};
