import { definePanel } from '../../src/runtime/panel-definition.ts';
import { MACHINE_PARAMETERS_ANSWERS, selectMachineParameters } from './model.ts';
import optionsSchema from './options.schema.json' with { type: 'json' };

/** The machine-parameters kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'machine-parameters',
  title: 'Machine parameters',
  description: 'Machine config: the device and its parameters with value, min and max, searchable by name.',
  optionsSchema,
  answers: MACHINE_PARAMETERS_ANSWERS,
  minSize: { w: 6, h: 6 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectMachineParameters,
  load: () => import('./MachineParametersPanel.tsx').then((module) => module.MachineParametersPanel),
});
