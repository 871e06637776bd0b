import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { SystemsAnalysisView } from './SystemsAnalysisView.tsx';
import { FIXTURE_SYSTEMS, FIXTURE_VERSIONS, fixtureSystem } from './systems-analysis.fixtures.ts';

/** The action links are router links. */
const withRouter: Decorator = (Story) => (
  <MemoryRouter initialEntries={['/reports/systems']}>
    <Story />
  </MemoryRouter>
);

const NAMED_SYSTEMS = FIXTURE_SYSTEMS.map((system, index) => ({
  ...system,
  systemNickName: ['Front press', 'Back press', ''][index] ?? '',
}));

/** Systems Analysis below the filter bar: toolbar, cards or table, nickname and software popups (fixtures, no network). */
const meta = {
  title: 'Reports/Systems Analysis',
  component: SystemsAnalysisView,
  decorators: [withRouter],
  args: {
    state: { status: 'success', systems: NAMED_SYSTEMS },
    group: 'DTG',
    nicknamesFailed: false,
    onSaveNickname: fn(async () => undefined),
    software: null,
    onShowSoftware: fn(),
    onCloseSoftware: fn(),
    search: '?selectedSystemGroup=DTG',
  },
} satisfies Meta<typeof SystemsAnalysisView>;

export default meta;

type Story = StoryObj<typeof meta>;

function rowSerials(canvas: HTMLElement): string[] {
  return [...canvas.querySelectorAll('tbody .systems-analysis__serial')].map((cell) => cell.textContent ?? '');
}

/** The default view: a table; the first click on a header sorts descending, the second toggles. */
export const Table: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    await expect(rowSerials(canvasElement)).toEqual(['2-50', '9-99', '10-01']);
    await userEvent.click(within(table).getByRole('button', { name: 'Speed' }));
    await expect(rowSerials(canvasElement)).toEqual(['9-99', '10-01', '2-50']);
    await userEvent.click(within(table).getByRole('button', { name: 'Speed' }));
    await expect(rowSerials(canvasElement)).toEqual(['2-50', '10-01', '9-99']);
  },
};

/** Cards with their status-colour bar; the nickname edit saves through `onSaveNickname`. */
export const Cards: Story = {
  args: { initialView: 'cards' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = await canvas.findByRole('article', { name: '2-50' });
    await expect(within(card).getByText('Printing')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit nickname: 2-50' }));
    const input = await screen.findByLabelText('Nickname');
    await userEvent.clear(input);
    await userEvent.type(input, 'Line 1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(args.onSaveNickname).toHaveBeenCalledWith('2-50', 'Line 1');
  },
};

/** A DTF fleet of 2,000 systems: the virtual scroller draws only the rows in view. */
export const LargeFleet: Story = {
  args: {
    group: 'DTF',
    state: {
      status: 'success',
      systems: Array.from({ length: 2000 }, (_, index) =>
        fixtureSystem(`F-${index + 1}`, { production: index * 10, speed: index }),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('2000 systems')).toBeVisible();
    await expect(rowSerials(canvasElement).length).toBeLessThan(100);
  },
};

/** The Software Version Info popup of one system. */
export const SoftwarePopup: Story = {
  args: { software: { serialNumber: '2-50', state: { status: 'success', versions: FIXTURE_VERSIONS } } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Software Version Info: 2-50' });
    // The dialog fades in.
    await waitFor(() => expect(within(dialog).getByText('4.2.1')).toBeVisible());
  },
};

/** No system in the selection: the report's empty message. */
export const Empty: Story = {
  args: { state: { status: 'success', systems: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for this period')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { state: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Systems' })).toBeVisible();
  },
};

/** The systems failed to load; the nicknames failed too. */
export const Error: Story = {
  args: { state: { status: 'error' }, nicknamesFailed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Error loading report data')).toBeVisible();
    await expect(canvas.getByText('nick names loading error')).toBeVisible();
  },
};
