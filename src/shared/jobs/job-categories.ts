/**
 * The Jobs Analysis categories (spec reports §3, §9), without the contract's schema library, so panels and the
 * registry can use them without loading it.
 */

/** Size categories of spec reports §3 (image area: Small under 467 cm², Medium to 935, Large above). */
export const JOB_SIZES = ['Small', 'Medium', 'Large'] as const;
export type JobSize = (typeof JOB_SIZES)[number];
/** DTF print modes 0–3 and their names (spec reports §3 modeName). */
export const PRINT_MODE_NAMES = ['Production', 'ProdSolid', 'Quality', 'QualitySolid'] as const;

/** Colours of the ink charts: Total, Color (cyan + magenta + yellow), black, white, FOF, Softener (spec reports §3). */
export const INK_CHART_COLOURS = ['Total', 'Color', 'black', 'white', 'FOF', 'Softener'] as const;
