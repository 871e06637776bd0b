import type { Static } from 'typebox';
import { choiceOption, panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a system-cards panel (a layout's `panels.<id>.options`). */
export const SystemCardsOptionsSchema = panelOptionsSchema(
  {
    title: 'System cards options',
    description:
      'The system page cards of one printer (spec reports §3): its identity (picture, model, serial, last status and update, app version, last software update) or its KPIs against last week and against the fleet. Answer: SystemPageCards.',
  },
  {
    section: choiceOption({
      identity: "the printer's picture and facts",
      kpis: 'achievement, production, production rate, availability, productivity (not DTF), error and maintenance',
    }),
  },
);

export type SystemCardsOptions = Static<typeof SystemCardsOptionsSchema>;
