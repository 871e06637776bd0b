import type { Static } from 'typebox';
import { panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a systems-list panel (a layout's `panels.<id>.options`). */
export const SystemsListOptionsSchema = panelOptionsSchema({
  title: 'Systems list options',
  description:
    "The systems list has no options yet: it shows the 'systems' of a systems-analysis answer (GET /api/system-data/systems-analysis).",
});

export type SystemsListOptions = Static<typeof SystemsListOptionsSchema>;
