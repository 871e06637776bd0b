import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SettingsForm } from './SettingsForm.tsx';
import './SettingsPage.css';

/** The Settings page's form (spec shell §2) without the API: each change calls onChange, which the page debounces. */
const meta = {
  title: 'Pages/Settings',
  component: SettingsForm,
  args: {
    settings: {
      userSystemGroup: ['DTG', 'DTF', 'Apollo'],
      defaultSystemGroup: 'DTG',
      lengthUnits: 'Meter',
      rtrMetricUnit: 'Linear',
      portalLanguage: 'en-US',
    },
    onChange: fn(),
    compact: false,
  },
} satisfies Meta<typeof SettingsForm>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Every group: default view, DTF units and the language, in two columns. */
export const AllGroups: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(within(canvas.getByRole('group', { name: 'Length' })).getByRole('button', { name: 'Yard' }));
    await expect(args.onChange).toHaveBeenCalledWith({ lengthUnits: 'Yard' });
    await expect(canvas.getByRole('radio', { name: 'English (USA)' })).toBeDisabled();
  },
};

/** Under 1366 × 766: one column. */
export const Compact: Story = { args: { compact: true } };

/** One group without DTF: no default view to choose, no DTF units; only the language. */
export const SingleGroupWithoutDtf: Story = {
  args: {
    settings: {
      userSystemGroup: ['DTG'],
      defaultSystemGroup: 'DTG',
      lengthUnits: 'Meter',
      rtrMetricUnit: 'Linear',
      portalLanguage: 'en-US',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('group', { name: 'Default view' })).toBeNull();
    await expect(canvas.queryByRole('group', { name: 'Length' })).toBeNull();
  },
};

/** Only DTF: its units, no default view. */
export const DtfOnlyInYards: Story = {
  args: {
    settings: {
      userSystemGroup: ['DTF'],
      defaultSystemGroup: 'DTF',
      lengthUnits: 'Yard',
      rtrMetricUnit: 'Square',
      portalLanguage: 'en-US',
    },
  },
};
