import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { PanelCapabilitiesProvider } from '../../src/runtime/panel-sdk.ts';
import { fixtureSystemLink, PRINTER_LINKS_ANSWER, PRINTER_LINKS_OPTIONS, PRINTER_LINKS_SERIAL } from './fixtures.ts';
import { selectPrinterLinks } from './model.ts';
import { PrinterLinksPanel } from './PrinterLinksPanel.tsx';

/** The links are router links to addresses the app's capability gives (fixtures here). */
const withApp: Decorator = (Story) => (
  <MemoryRouter initialEntries={['/reports/overview']}>
    <PanelCapabilitiesProvider capabilities={{ useSystemPageLink: () => fixtureSystemLink }}>
      <Story />
    </PanelCapabilitiesProvider>
  </MemoryRouter>
);

const states = panelStateStories(PrinterLinksPanel, {
  placeholder: 'card',
  args: {
    options: PRINTER_LINKS_OPTIONS,
    data: selectPrinterLinks(PRINTER_LINKS_ANSWER),
    title: 'Selected printer',
    systemGroup: 'DTG',
    selectedSystems: [PRINTER_LINKS_SERIAL],
    width: 1200,
    height: 92,
  },
});

/** The Overview narrowed to one printer: a strip naming it, with links to its own pages. */
const meta = {
  title: 'Panels/Printer links',
  decorators: [withApp],
  ...states.meta,
} satisfies Meta<typeof PrinterLinksPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

/** The frame's empty state (the kind never selects null: a selected printer is always named and linked). */
export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

export const Data: Story = {
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('region', { name: 'Selected printer' });
    await expect(within(panel).getByText('Printing now')).toBeVisible();
    await expect(within(panel).getByRole('link', { name: `System Page: ${PRINTER_LINKS_SERIAL}` })).toHaveAttribute(
      'href',
      fixtureSystemLink('system-page', PRINTER_LINKS_SERIAL),
    );
  },
};

/** The mobile overview: the strip at full width of a phone, the links below the printer's name. */
export const Mobile: Story = {
  args: { width: 358, height: 196 },
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('region', { name: 'Selected printer' });
    await expect(within(panel).getByRole('link', { name: `Open Ticket: ${PRINTER_LINKS_SERIAL}` })).toBeVisible();
    await expect(within(panel).getByRole('link', { name: `System Page: ${PRINTER_LINKS_SERIAL}` })).toBeVisible();
  },
};

/** A printer that never reported: its status and no last update. */
export const NeverReported: Story = {
  args: { selectedSystems: ['DTG-10002'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Never reported')).toBeVisible();
  },
};
