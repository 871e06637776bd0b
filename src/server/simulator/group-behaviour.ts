import type { SystemGroup } from '../../shared/system-group.ts';
import type { InkColour } from '../ingest/measures.ts';
import { between, chance, logUniform, weighted, type Rng } from './rng.ts';

/**
 * What differs between DTG, DTF and Apollo printers: job sizes and speeds, ink use, bottle sizes, error and maintenance
 * catalogues and software components. The printer model (printer-model.ts) is the same for all groups.
 */

/** A job before it is placed on the timeline. */
export interface JobDraft {
  durationMs: number;
  impressions: number;
  /** Area of one impression's image. */
  imageAreaCm2: number;
  printMode?: 0 | 1 | 2 | 3;
  mediaLengthMm?: number;
  mediaWidthMm?: number;
  darkGarment?: boolean;
  pretreatment?: boolean;
  imageName: string;
  inkUl: Partial<Record<InkColour, number>>;
}

export interface EventSpec {
  code: string;
  message: string;
  /** Typical duration range in minutes. */
  minMinutes: number;
  maxMinutes: number;
  weight: number;
}

export interface GroupBehaviour {
  /** Ink colours the group uses at all. */
  inks: readonly InkColour[];
  /** Bottle size per colour in microlitres. */
  bottleUl: Record<InkColour, number>;
  /** Jobs per print run (back to back without preparation in between). */
  jobsPerRun: [number, number];
  /** Preparation before a run, minutes. */
  preparationMinutes: [number, number];
  job(rng: Rng, scale: number, darkShare: number, index: number): JobDraft;
  errors: readonly EventSpec[];
  maintenance: readonly EventSpec[];
  /** The routine maintenance at the start of a worked day. */
  dailyMaintenance: EventSpec;
  softwareComponents: readonly { component: string; major: number }[];
}

const MICROLITRES_PER_ML = 1000;

/** Image area of one impression, spread across Small (< 467 cm²), Medium (467–935) and Large (> 935). */
function imageArea(rng: Rng, weights: [number, number, number]): number {
  const size = weighted(rng, [
    ['small', weights[0]],
    ['medium', weights[1]],
    ['large', weights[2]],
  ] as const);
  const area =
    size === 'small' ? between(rng, 60, 466) : size === 'medium' ? between(rng, 467, 935) : between(rng, 936, 2200);
  return Math.round(area * 10) / 10;
}

/** Splits a colour-ink volume (ml) over C, M, Y, K with a random but plausible balance; integer microlitres. */
function cmyk(rng: Rng, millilitres: number): Partial<Record<InkColour, number>> {
  const weights = [between(rng, 0.6, 1.4), between(rng, 0.6, 1.4), between(rng, 0.6, 1.4), between(rng, 0.8, 1.8)];
  const sum = weights.reduce((a, b) => a + b, 0);
  const [cyan = 0, magenta = 0, yellow = 0, black = 0] = weights.map((weight) =>
    Math.round(((millilitres * weight) / sum) * MICROLITRES_PER_ML),
  );
  return { cyan, magenta, yellow, black };
}

const ul = (millilitres: number) => Math.max(0, Math.round(millilitres * MICROLITRES_PER_ML));

const bottles = (colour: number, white: number, fluid: number): Record<InkColour, number> => ({
  cyan: colour,
  magenta: colour,
  yellow: colour,
  black: colour,
  white,
  fof: fluid,
  softener: fluid,
});

const DTG: GroupBehaviour = {
  inks: ['cyan', 'magenta', 'yellow', 'black', 'white'],
  bottleUl: bottles(1_000_000, 1_000_000, 1_000_000),
  jobsPerRun: [1, 4],
  preparationMinutes: [2, 8],
  job(rng, scale, darkShare, index) {
    const garments = Math.max(1, Math.round(logUniform(rng, 1, 48) * scale));
    const sides = chance(rng, 0.25) ? 2 : 1;
    const impressions = garments * sides;
    const darkGarment = chance(rng, darkShare);
    const area = imageArea(rng, [0.45, 0.35, 0.2]);
    // White underbase on dark garments: slower and heavy on white ink.
    const secondsPerImpression = between(rng, 35, 60) + (darkGarment ? between(rng, 20, 35) : 0);
    const colourMl = impressions * area * between(rng, 0.002, 0.005);
    const whiteMl = darkGarment ? impressions * area * between(rng, 0.008, 0.015) : 0;
    return {
      durationMs: Math.round(impressions * secondsPerImpression * 1000),
      impressions,
      imageAreaCm2: area,
      darkGarment,
      pretreatment: darkGarment || chance(rng, 0.08),
      imageName: `order-${4000 + index}-${darkGarment ? 'dark' : 'light'}-${sides === 2 ? 'front-back' : 'front'}.png`,
      inkUl: { ...cmyk(rng, colourMl), white: ul(whiteMl) },
    };
  },
  errors: [
    { code: 'E-1021', message: 'Printhead temperature out of range', minMinutes: 5, maxMinutes: 40, weight: 3 },
    { code: 'E-1107', message: 'Pallet height sensor blocked', minMinutes: 2, maxMinutes: 15, weight: 5 },
    { code: 'E-1310', message: 'White ink circulation pressure low', minMinutes: 10, maxMinutes: 90, weight: 2 },
    { code: 'E-1422', message: 'Garment detected too high on pallet', minMinutes: 1, maxMinutes: 8, weight: 6 },
    { code: 'E-1501', message: 'Pretreatment unit nozzle clogged', minMinutes: 15, maxMinutes: 120, weight: 1 },
  ],
  maintenance: [
    { code: 'M-2050', message: 'Printhead cleaning cycle', minMinutes: 8, maxMinutes: 25, weight: 4 },
    { code: 'M-2210', message: 'Wiper blade replacement', minMinutes: 15, maxMinutes: 45, weight: 1 },
    { code: 'M-2305', message: 'Capping station cleaning', minMinutes: 10, maxMinutes: 30, weight: 2 },
  ],
  dailyMaintenance: {
    code: 'M-2001',
    message: 'Daily start-up maintenance',
    minMinutes: 10,
    maxMinutes: 25,
    weight: 1,
  },
  softwareComponents: [
    { component: 'PrintManager', major: 6 },
    { component: 'Firmware', major: 3 },
    { component: 'RIP', major: 11 },
  ],
};

/** DTF print modes: film speed in metres per hour and a probability weight. */
const DTF_MODES: readonly { mode: 0 | 1 | 2 | 3; metresPerHour: number; weight: number; resolution: string }[] = [
  { mode: 0, metresPerHour: 14, weight: 45, resolution: '600x600' },
  { mode: 1, metresPerHour: 10, weight: 20, resolution: '600x900' },
  { mode: 2, metresPerHour: 7, weight: 25, resolution: '1200x600' },
  { mode: 3, metresPerHour: 5, weight: 10, resolution: '1200x900' },
];

function dtfJob(widthMm: number): GroupBehaviour['job'] {
  return (rng, scale, _darkShare, index) => {
    const spec = weighted(
      rng,
      DTF_MODES.map((entry) => [entry, entry.weight] as const),
    );
    const lengthMm = Math.round(logUniform(rng, 400, 25_000) * scale);
    const area = imageArea(rng, [0.6, 0.3, 0.1]);
    const filmCm2 = (lengthMm / 10) * (widthMm / 10);
    // Designs nested on the film at 55–80 % coverage.
    const impressions = Math.max(1, Math.floor((filmCm2 * between(rng, 0.55, 0.8)) / area));
    const printedCm2 = impressions * area;
    const solid = spec.mode === 1 || spec.mode === 3;
    return {
      durationMs: Math.round((lengthMm / 1000 / spec.metresPerHour) * 3_600_000),
      impressions,
      imageAreaCm2: area,
      printMode: spec.mode,
      mediaLengthMm: lengthMm,
      mediaWidthMm: widthMm,
      imageName: `gang-sheet-${5000 + index}-${spec.resolution}.tif`,
      inkUl: {
        ...cmyk(rng, printedCm2 * between(rng, 0.0008, 0.0012) * (solid ? 1.3 : 1)),
        white: ul(printedCm2 * between(rng, 0.0012, 0.0018) * (solid ? 1.4 : 1)),
        softener: ul(printedCm2 * between(rng, 0.00005, 0.0001)),
      },
    };
  };
}

const DTF: GroupBehaviour = {
  inks: ['cyan', 'magenta', 'yellow', 'black', 'white', 'softener'],
  bottleUl: bottles(1_000_000, 1_000_000, 500_000),
  jobsPerRun: [1, 3],
  preparationMinutes: [3, 12],
  job: dtfJob(600),
  errors: [
    { code: 'F-301', message: 'Film roll end detected', minMinutes: 5, maxMinutes: 20, weight: 4 },
    { code: 'F-318', message: 'Powder shaker level low', minMinutes: 3, maxMinutes: 15, weight: 4 },
    { code: 'F-342', message: 'Curing oven temperature deviation', minMinutes: 10, maxMinutes: 60, weight: 2 },
    { code: 'F-377', message: 'Film skew detected at take-up', minMinutes: 5, maxMinutes: 30, weight: 3 },
    { code: 'F-405', message: 'White ink sedimentation warning', minMinutes: 15, maxMinutes: 90, weight: 1 },
  ],
  maintenance: [
    { code: 'FM-510', message: 'Printhead purge and wipe', minMinutes: 5, maxMinutes: 20, weight: 4 },
    { code: 'FM-540', message: 'Powder recovery cleaning', minMinutes: 15, maxMinutes: 40, weight: 2 },
    { code: 'FM-560', message: 'Oven filter replacement', minMinutes: 20, maxMinutes: 60, weight: 1 },
  ],
  dailyMaintenance: {
    code: 'FM-500',
    message: 'White ink agitation and nozzle check',
    minMinutes: 10,
    maxMinutes: 20,
    weight: 1,
  },
  softwareComponents: [
    { component: 'FilmController', major: 2 },
    { component: 'Firmware', major: 4 },
    { component: 'RIP', major: 11 },
  ],
};

const APOLLO: GroupBehaviour = {
  inks: ['cyan', 'magenta', 'yellow', 'black', 'white', 'fof', 'softener'],
  bottleUl: bottles(5_000_000, 10_000_000, 5_000_000),
  jobsPerRun: [1, 3],
  preparationMinutes: [4, 15],
  job(rng, scale, darkShare, index) {
    const impressions = Math.max(20, Math.round(logUniform(rng, 60, 1500) * scale));
    const darkGarment = chance(rng, darkShare);
    const area = imageArea(rng, [0.35, 0.4, 0.25]);
    const secondsPerImpression = between(rng, 4, 6.5) + (darkGarment ? between(rng, 0.8, 1.6) : 0);
    return {
      durationMs: Math.round(impressions * secondsPerImpression * 1000),
      impressions,
      imageAreaCm2: area,
      darkGarment,
      pretreatment: darkGarment,
      imageName: `style-${7000 + index}-${darkGarment ? 'dark' : 'light'}.tif`,
      inkUl: {
        ...cmyk(rng, impressions * area * between(rng, 0.002, 0.004)),
        white: ul(darkGarment ? impressions * area * between(rng, 0.008, 0.012) : impressions * area * 0.0005),
        fof: ul(impressions * area * between(rng, 0.001, 0.002)),
        softener: ul(impressions * area * between(rng, 0.0005, 0.001)),
      },
    };
  },
  errors: [
    { code: 'A-7012', message: 'Carousel station misalignment', minMinutes: 5, maxMinutes: 45, weight: 3 },
    { code: 'A-7105', message: 'Flash cure unit over temperature', minMinutes: 10, maxMinutes: 60, weight: 2 },
    { code: 'A-7230', message: 'FOF supply pressure low', minMinutes: 5, maxMinutes: 30, weight: 3 },
    { code: 'A-7344', message: 'Pallet loading sensor timeout', minMinutes: 1, maxMinutes: 10, weight: 6 },
    { code: 'A-7480', message: 'Printhead array communication lost', minMinutes: 20, maxMinutes: 150, weight: 1 },
  ],
  maintenance: [
    { code: 'AM-800', message: 'Printhead array cleaning', minMinutes: 10, maxMinutes: 30, weight: 4 },
    { code: 'AM-830', message: 'Carousel lubrication', minMinutes: 20, maxMinutes: 50, weight: 1 },
    { code: 'AM-850', message: 'Softener dosing calibration', minMinutes: 10, maxMinutes: 25, weight: 2 },
  ],
  dailyMaintenance: {
    code: 'AM-801',
    message: 'Shift start printhead purge',
    minMinutes: 8,
    maxMinutes: 20,
    weight: 1,
  },
  softwareComponents: [
    { component: 'ApolloControl', major: 3 },
    { component: 'Firmware', major: 5 },
    { component: 'RIP', major: 11 },
  ],
};

export const GROUP_BEHAVIOUR: Record<SystemGroup, GroupBehaviour> = { DTG, DTF, Apollo: APOLLO };

/** The behaviour of a model: the narrower DTF film roll changes only the film width. */
export function behaviourOf(group: SystemGroup, modelId: string): GroupBehaviour {
  if (group === 'DTF' && modelId.includes('r30')) return { ...DTF, job: dtfJob(300) };
  return GROUP_BEHAVIOUR[group];
}

/** An event of the catalogue, by weight, with a duration in its range. */
export function drawEvent(rng: Rng, specs: readonly EventSpec[]): { spec: EventSpec; durationMs: number } {
  const spec = weighted(
    rng,
    specs.map((entry) => [entry, entry.weight] as const),
  );
  // Mostly short, occasionally long (log-uniform over the range).
  const minutes = logUniform(rng, spec.minMinutes, spec.maxMinutes);
  return { spec, durationMs: Math.round(minutes * 60) * 1000 };
}
