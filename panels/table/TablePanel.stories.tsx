import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ParseKeys } from 'i18next';
import { expect, within } from 'storybook/test';
import servedServiceTicket from '../../layouts/service-ticket.json' with { type: 'json' };
import { registerArea, t } from '../../src/i18n/i18n.ts';
import layoutTexts from '../../src/i18n/locales/en-US/layouts.json' with { type: 'json' };
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { readFrame } from '../../src/shared/contract/answer-frames.ts';
import type { TableFrame } from '../../src/shared/contract/frames.ts';
import { SYSTEM_INK_TABLE } from '../../src/shared/contract/system-page.fixture.ts';
import { resolveLayoutTexts } from '../../src/shared/layout/layout-text.ts';
import type { LayoutPanel, LayoutQuery, ReportLayout } from '../../src/shared/layout/layout-types.ts';
import {
  INK_BY_COLOUR,
  MACHINE_PARAMETERS,
  MESSAGE_ERRORS,
  QUALISET_RESULTS,
  SOFTWARE_COMPONENTS,
  tableOf,
} from './fixtures.ts';
import type { TableOptions } from './options.ts';
import { TablePanel } from './TablePanel.tsx';

const states = panelStateStories(TablePanel, {
  placeholder: 'card',
  emptyState: { message: 'There is no available data', icon: 'tank' },
  args: {
    options: {},
    data: tableOf(INK_BY_COLOUR),
    title: 'Ink',
    systemGroup: 'DTG',
    width: 600,
    height: 300,
  },
});

/** Any answer's table frame; the data stories are the system pages' tables, each from its answer's fixture. */
const meta = { title: 'Panels/Table', ...states.meta } satisfies Meta<typeof TablePanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

/** The ink table's own empty state (its layout panel's tank). */
export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** SystemInkTable's inkByColour: ml per colour, the per-unit header the answer's unit. */
export const Data: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Ink' });
    await expect(within(table).getByRole('columnheader', { name: 'ml/imp' })).toBeVisible();
    await expect(within(table).getByRole('row', { name: 'Black 512.3 1,000.0 1 0.410' })).toBeVisible();
  },
};

/** SystemMessages' errors on a phone: the share gives way ('hideWhenNarrow'), 'Other' last. */
export const MessagesOnAPhone: Story = {
  args: {
    options: { hideWhenNarrow: ['share'] },
    data: tableOf(MESSAGE_ERRORS, { hideWhenNarrow: ['share'] }),
    title: 'Errors',
    width: 358,
    height: 280,
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Errors' });
    // display: none under 420 px, so the accessibility tree has no Share column; the others stay.
    await expect(within(table).queryByRole('columnheader', { name: 'Share' })).toBeNull();
    await expect(within(table).getByRole('columnheader', { name: 'Duration' })).toBeVisible();
    const rows = within(table).getAllByRole('row');
    await expect(rows.at(-1)).toHaveTextContent(/^Other/);
  },
};

/** SystemQualiset's qualisetResults: the pass rate over the results, passed green and failed red. */
export const Qualiset: Story = {
  args: {
    options: { maxRows: 20 },
    data: tableOf(QUALISET_RESULTS, { maxRows: 20 }),
    title: 'Qualiset',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Passed 2 of 3 (66.67%)')).toBeVisible();
  },
};

/** SoftwareVersions' components: the app's facts over each component. */
export const Software: Story = {
  args: {
    data: tableOf(SOFTWARE_COMPONENTS),
    title: 'Software version',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('rowheader', { name: 'Print engine' })).toBeVisible();
  },
};

/** MachineSettings' parameters with the layout's search box: the device, a value out of range noted. */
export const Parameters: Story = {
  args: {
    options: { search: { placeholder: 'Parameter name', noun: 'parameters' } },
    data: tableOf(MACHINE_PARAMETERS),
    title: 'Parameters',
    width: 900,
    height: 420,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Storm Hybrid printer' })).toBeVisible();
    await expect(canvas.getByRole('row', { name: 'Ink pressure 2.9 (out of range) 3 5' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('4 of 4 parameters');
  },
};

// The layout as the runtime hands it to its panels: its text keys worded (en-US).
registerArea('layouts', layoutTexts);
const serviceTicket = resolveLayoutTexts(servedServiceTicket as unknown as ReportLayout, (key) => t(key as ParseKeys));
const inkPanel = serviceTicket.panels['ink'] as LayoutPanel & { options: TableOptions };
const inkQuery = serviceTicket.queries['ink'] as LayoutQuery;

/**
 * The service ticket's ink table, a panel written only in layouts/service-ticket.json (no code of its own): its query's
 * answer (the fixture), the frame the layout names and the columns its options choose.
 */
export const FromServiceTicketLayout: Story = {
  args: {
    options: inkPanel.options,
    data: tableOf(readFrame(inkQuery.answer, inkPanel.frame ?? '', SYSTEM_INK_TABLE) as TableFrame, inkPanel.options),
    title: inkPanel.title,
    width: 1200,
    height: 240,
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Ink' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    await expect(headers).toEqual(['Colour', 'Consumed (ml)', 'Loaded (ml)', 'Bottles']);
    await expect(within(table).getByRole('row', { name: 'Black 512 1,000 1' })).toBeVisible();
  },
};
