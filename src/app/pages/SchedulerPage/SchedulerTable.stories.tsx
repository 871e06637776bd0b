import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { SchedulerEntry } from '../../../shared/contract/scheduler.contract.ts';
import { SchedulerTable } from './SchedulerTable.tsx';

const base: SchedulerEntry = {
  reportId: 'entry-1',
  userId: 'admin',
  subject: 'My report',
  emailReportId: 1,
  emailReportName: 'Weekly report',
  startSendDate: '2026-03-02',
  endSendDate: null,
  repeat: { frequency: 2, dayOfWeek: [1] },
  notes: 'Weekly numbers for the Monday production meeting in Hall 2',
  isActive: true,
  customerIds: [],
  siteIds: [],
  systemIds: [],
  timeZone: 'Europe/Berlin',
  lastSent: '2026-03-24T05:00:00.000Z',
  lastError: null,
};

const ENTRIES: SchedulerEntry[] = [
  base,
  { ...base, reportId: 'entry-2', subject: 'Paused summary', notes: 'Short note', isActive: false, lastSent: null },
  {
    ...base,
    reportId: 'entry-3',
    subject: 'Failing summary',
    notes: '',
    endSendDate: '2026-12-31',
    lastError: 'Sending failed (attempt 2 of 5): 451 Mailbox busy; retrying at 2026-03-31T06:06:00.000Z',
  },
];

/** The Scheduler page's table (spec shell §2) in its row states: sending, paused, failing, saving. */
const meta = {
  title: 'Pages/Scheduler/Table',
  component: SchedulerTable,
  args: {
    entries: ENTRIES,
    saving: new Set<string>(),
    showRowMenu: true,
    onOpen: fn(),
    onToggle: fn(),
    onDuplicate: fn(),
  },
} satisfies Meta<typeof SchedulerTable>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Sending, paused and failing rows; notes cut at 40 characters; dd/MM/yyyy dates. */
export const Rows: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Weekly numbers for the Monday production...')).toBeInTheDocument();
    await expect(canvas.getByText('02/03/2026 – 31/12/2026')).toBeInTheDocument();
    await expect(canvas.getByText(/\(sending failed\)/)).toBeInTheDocument();
    await expect(canvas.getByRole('switch', { name: 'Sending Paused summary' })).not.toBeChecked();
  },
};

/** A row whose sending switch is being saved shows a spinner and cannot be toggled again meanwhile. */
export const Saving: Story = {
  args: { saving: new Set(['entry-1']) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Saving' })).toBeInTheDocument();
    await expect(canvas.getByRole('switch', { name: 'Sending My report' })).toBeDisabled();
  },
};

/** Under 930 px: no row menu. */
export const WithoutRowMenu: Story = {
  args: { showRowMenu: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: /More actions/ })).toBeNull();
  },
};
