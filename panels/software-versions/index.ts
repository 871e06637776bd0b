import { definePanel } from '../../src/runtime/panel-definition.ts';
import { SOFTWARE_VERSIONS_ANSWERS, selectSoftwareVersions } from './model.ts';
import optionsSchema from './options.schema.json' with { type: 'json' };

/** The software-versions kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'software-versions',
  title: 'Software versions',
  description: "One printer's software: app, version, last update and each component's version.",
  optionsSchema,
  answers: SOFTWARE_VERSIONS_ANSWERS,
  minSize: { w: 3, h: 3 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectSoftwareVersions,
  load: () => import('./SoftwareVersionsPanel.tsx').then((module) => module.SoftwareVersionsPanel),
});
