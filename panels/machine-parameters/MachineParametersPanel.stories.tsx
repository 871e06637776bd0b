import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { MACHINE_PARAMETERS_ANSWER, MACHINE_PARAMETERS_OPTIONS } from './fixtures.ts';
import { selectMachineParameters } from './model.ts';
import { MachineParametersPanel } from './MachineParametersPanel.tsx';

type MachineParametersStoryArgs = Parameters<typeof MachineParametersPanel>[0];

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function FramedMachineParameters(args: MachineParametersStoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} placeholder="card">
          <MachineParametersPanel {...args} />
        </PanelFrame>
      </div>
    );
  }
  return FramedMachineParameters;
}

const meta = {
  title: 'Panels/Machine parameters',
  component: MachineParametersPanel,
  args: {
    options: MACHINE_PARAMETERS_OPTIONS,
    data: selectMachineParameters(MACHINE_PARAMETERS_ANSWER),
    title: 'Parameters',
    systemGroup: 'DTG',
    width: 800,
    height: 420,
  },
  render: framed('ready'),
} satisfies Meta<typeof MachineParametersPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading Parameters' })).toBeVisible();
  },
};

export const Empty: Story = {
  render: framed('empty'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for this period')).toBeVisible();
  },
};

export const Error: Story = {
  render: framed('error'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
  },
};

/** The device and its parameters; the search narrows them by name. */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement);
    await expect(panel.getByRole('row', { name: 'Ink pressure 2.9 (out of range) 3 5' })).toBeVisible();
    await userEvent.type(panel.getByRole('searchbox', { name: 'Search' }), 'temp');
    await expect(panel.getAllByRole('row')).toHaveLength(2);
    await expect(panel.getByText('1 of 4 parameters')).toBeVisible();
  },
};

/** A device without recorded parameters. */
export const NoParameters: Story = {
  args: { data: selectMachineParameters({ ...MACHINE_PARAMETERS_ANSWER, params: [] }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No parameters recorded')).toBeVisible();
  },
};
