import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { PanelCapabilitiesProvider } from '../../src/runtime/panel-sdk.ts';
import { fakeCapabilities, fixtureSystem, SYSTEMS_LIST_ANSWER, SYSTEMS_LIST_OPTIONS } from './fixtures.ts';
import type { FakeCapabilityAnswers } from './fixtures.ts';
import { SystemsListPanel } from './SystemsListPanel.tsx';

const saveNickname = fn(async () => undefined);

/** The action links are router links. */
const withRouter: Decorator = (Story) => (
  <MemoryRouter initialEntries={['/reports/systems']}>
    <Story />
  </MemoryRouter>
);

/** The app's capabilities as fixtures (no network); a story's own answers take precedence. */
function withApp(answers: Partial<FakeCapabilityAnswers> = {}): Decorator {
  return function WithApp(Story) {
    return (
      <PanelCapabilitiesProvider capabilities={fakeCapabilities({ saveNickname, ...answers })}>
        <Story />
      </PanelCapabilitiesProvider>
    );
  };
}

const states = panelStateStories(SystemsListPanel, {
  placeholder: 'card',
  drawsOwnTitle: true,
  args: {
    options: SYSTEMS_LIST_OPTIONS,
    data: SYSTEMS_LIST_ANSWER.systems,
    title: 'Systems',
    systemGroup: 'DTG',
    selectedSystems: [],
    width: 1200,
    height: 600,
  },
});

/** Systems Analysis below the filter bar: toolbar, cards or table, nickname and software popups. */
const meta = {
  title: 'Panels/Systems list',
  decorators: [withApp(), withRouter],
  ...states.meta,
} satisfies Meta<typeof SystemsListPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

function rowSerials(canvas: HTMLElement): string[] {
  return [...canvas.querySelectorAll('tbody .systems-analysis__serial')].map((cell) => cell.textContent ?? '');
}

/** The systems shown, in the default view, a table; the first click on a header sorts descending, the second toggles. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    await expect(rowSerials(canvasElement)).toEqual(['2-50', '9-99', '10-01']);
    await userEvent.click(within(table).getByRole('button', { name: 'Speed' }));
    await expect(rowSerials(canvasElement)).toEqual(['9-99', '10-01', '2-50']);
    await userEvent.click(within(table).getByRole('button', { name: 'Speed' }));
    await expect(rowSerials(canvasElement)).toEqual(['2-50', '10-01', '9-99']);
  },
};

/** A click in the right part of a header cell, away from its label, sorts too (issue #25): the whole cell is the button. */
export const SortFromAnywhereInTheHeaderCell: Story = {
  play: async ({ canvasElement }) => {
    const cell = within(within(canvasElement).getByRole('table')).getByRole('columnheader', { name: /^Speed/ });
    const box = cell.getBoundingClientRect();
    const clicked = canvasElement.ownerDocument.elementFromPoint(box.right - 4, box.bottom - 4);
    await expect(clicked).not.toBeNull();
    await userEvent.click(clicked!);
    await expect(cell).toHaveAttribute('aria-sort', 'descending');
    await expect(rowSerials(canvasElement)).toEqual(['9-99', '10-01', '2-50']);
  },
};

/** Cards with their status-colour bar; the nickname edit saves through the app. */
export const Cards: Story = {
  decorators: [withApp({ view: 'cards' })],
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('article', { name: '2-50' });
    await expect(within(card).getByText('Printing')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit nickname: 2-50' }));
    const input = await screen.findByLabelText('Nickname');
    await userEvent.clear(input);
    await userEvent.type(input, 'Line 1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(saveNickname).toHaveBeenCalledWith('2-50', 'Line 1');
  },
};

/** A DTF fleet of 2,000 systems: the virtual scroller draws only the rows in view. */
export const LargeFleet: Story = {
  args: {
    systemGroup: 'DTF',
    data: Array.from({ length: 2000 }, (_, index) =>
      fixtureSystem(`F-${index + 1}`, { production: index * 10, speed: index }),
    ),
  },
  decorators: [withApp({ nicknames: { data: { nicknameResponse: [] }, failed: false } })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('2000 systems')).toBeVisible();
    await expect(rowSerials(canvasElement).length).toBeLessThan(100);
  },
};

/** The Software Version Info popup of one system. */
export const SoftwarePopup: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Software Version Info: 2-50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Software Version Info: 2-50' });
    // The dialog fades in.
    await waitFor(() => expect(within(dialog).getByText('4.2.1')).toBeVisible());
  },
};

/** No system in the selection: the report's empty message. */
export const Empty: Story = {
  args: { selectedSystems: ['X-1'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No data for this period')).toBeVisible();
  },
};

export const Loading: Story = states.Loading;

/** The systems failed to load. */
export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

/** The nickname list failed: the nicknames of the analysis answer, and the failure beside the toolbar. */
export const NicknamesFailed: Story = {
  decorators: [withApp({ nicknames: { data: undefined, failed: true } })],
  play: async ({ canvas }) => {
    await expect(canvas.getByText('nick names loading error')).toBeVisible();
  },
};
