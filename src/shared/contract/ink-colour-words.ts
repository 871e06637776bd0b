import type { INK_CHART_COLOURS } from '../jobs/job-categories.ts';
import type { FrameText } from './frames.ts';

/**
 * An ink colour as people read it: the answers name the colours as spec reports §3 lists them (Total, Color, black,
 * white, FOF, Softener); every table, chart and picker shows our word for each (`frames.inkColours`: 'Black', 'White').
 */
export function inkColourText(colour: (typeof INK_CHART_COLOURS)[number]): FrameText {
  return { key: `frames.inkColours.${colour}` };
}
