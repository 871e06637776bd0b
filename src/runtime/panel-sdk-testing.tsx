/**
 * The panel SDK's test part: a kind's dom tests render its component as the runtime hands it its props. Only tests import
 * it (it brings Testing Library).
 */
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { PanelProps } from './panel-definition.ts';

/** The grid cell `renderPanel` draws a panel in unless the test gives another: DTG, 600 × 300 px. */
export const TEST_CELL = { systemGroup: 'DTG', width: 600, height: 300 } as const;

/** A day's axis labels every 4th hour (en-US), as the timelines and hourly columns of the system pages show them. */
export const FOUR_HOURLY_DAY_LABELS = ['12 AM', '4 AM', '8 AM', '12 PM', '4 PM', '8 PM'] as const;

/** What a test gives: the layout panel's options and title and the selected data; the cell and selection at will. */
export type PanelTestProps<Options, Data> = Pick<PanelProps<Options, Data>, 'options' | 'data' | 'title'> &
  Partial<PanelProps<Options, Data>>;

/**
 * Renders a kind's component with the props the runtime gives it (no frame, no query), in TEST_CELL unless the props say
 * otherwise; `wrapper` gives it the providers it needs (capabilities, length units, a router).
 */
export function renderPanel<Options, Data>(
  Panel: ComponentType<PanelProps<Options, Data>>,
  props: PanelTestProps<Options, Data>,
  options: Pick<RenderOptions, 'wrapper'> = {},
): RenderResult {
  return render(<Panel {...TEST_CELL} {...props} />, options);
}
