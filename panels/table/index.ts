import { defineFramePanel } from '../../src/runtime/panel-definition.ts';
import { selectTable } from './model.ts';
import { TableOptionsSchema, tableColumnKeysIn } from './options.ts';

/** The table kind: any answer's table frame, with the columns its layout options choose. */
export const panel = defineFramePanel({
  kind: 'table',
  title: 'Table',
  description:
    "Any answer's table frame: the facts and summary above it, the chosen columns, a search box; scrolls inside its panel.",
  optionsSchema: TableOptionsSchema,
  accepts: 'table',
  frameColumnsIn: tableColumnKeysIn,
  minSize: { w: 3, h: 3 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectTable,
  load: () => import('./TablePanel.tsx').then((module) => module.TablePanel),
});
