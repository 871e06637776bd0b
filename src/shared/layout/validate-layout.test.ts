import { describe, expect, it } from 'vitest';
import type { LayoutQuery } from './layout-types.ts';
import { validateLayout, type LayoutCatalog } from './validate-layout.ts';

/** A catalog of its own (the validator takes the kinds it checks against): the real layout schema is not needed here. */
const CATALOG: LayoutCatalog = {
  layoutSchema: { type: 'object' },
  kinds: {
    table: {
      optionsSchema: { type: 'object', properties: { show: { type: 'array', items: { type: 'string' } } } },
      minSize: { w: 1, h: 1 },
      accepts: 'table',
      frameColumnsIn: (options) =>
        ((options as { show?: string[] }).show ?? []).map((key, index) => ({ pointer: `/show/${index}`, key })),
    },
    legend: { optionsSchema: { type: 'object' }, minSize: { w: 1, h: 1 }, accepts: 'period' },
    kpi: { optionsSchema: { type: 'object' }, minSize: { w: 1, h: 1 }, accepts: 'kpi' },
    card: { optionsSchema: { type: 'object' }, minSize: { w: 1, h: 1 }, answers: ['OverviewCards'] },
  },
  textKeys: ['layouts.example.shown', 'layouts.example.noData'],
};

function query(answer: string): LayoutQuery {
  return { endpoint: '/api/x', method: 'GET', answer, dependsOn: [] } as unknown as LayoutQuery;
}

/** A one-panel layout: the panel `shown` over a query answering `answer`. */
function layoutWith(answer: string, shown: Record<string, unknown>) {
  const item = { panel: 'shown', x: 0, y: 0, w: 12, h: 4 };
  return {
    id: 'example',
    title: 'Example',
    queries: { data: query(answer) },
    panels: { shown: { title: 'Shown', query: 'data', options: {}, ...shown } },
    placement: { desktop: [item], compact: [item], mobile: [item] },
  };
}

const errorsOf = (answer: string, shown: Record<string, unknown>) =>
  validateLayout(layoutWith(answer, shown), 'layouts/example.json', CATALOG).errors;

describe('validateLayout: frames', () => {
  it('accepts a frame kind naming a frame of its type that the answer offers', () => {
    expect(errorsOf('SystemInkTable', { kind: 'table', frame: 'inkByColour' })).toEqual([]);
    expect(errorsOf('OverviewGraphs', { kind: 'legend', frame: 'period' })).toEqual([]);
  });

  it('rejects a frame the answer does not offer, at its pointer, with the closest name', () => {
    expect(errorsOf('SystemInkTable', { kind: 'table', frame: 'inkByColor' })).toEqual([
      {
        file: 'layouts/example.json',
        pointer: '/panels/shown/frame',
        message: "the answer 'SystemInkTable' of query 'data' offers no frame 'inkByColor'",
        suggestion: "did you mean 'inkByColour'?",
      },
    ]);
  });

  it('rejects a frame of another type than the kind draws, naming the frames that would fit', () => {
    expect(errorsOf('OverviewGraphs', { kind: 'table', frame: 'period' })).toEqual([
      {
        file: 'layouts/example.json',
        pointer: '/panels/shown/frame',
        message:
          "frame 'period' of 'OverviewGraphs' is a period frame; a table shows table frames, and 'OverviewGraphs' offers none",
      },
    ]);
    expect(errorsOf('SystemMessages', { kind: 'legend', frame: 'errors' })[0]?.message).toBe(
      "frame 'errors' of 'SystemMessages' is a table frame; a legend shows period frames, and 'SystemMessages' offers none",
    );
  });

  it("asks a frame kind's panel for its frame, listing what the answer offers; an answer kind's panel takes none", () => {
    expect(errorsOf('SystemMessages', { kind: 'table' })).toEqual([
      {
        file: 'layouts/example.json',
        pointer: '/panels/shown',
        message:
          "missing required key 'frame' (a table shows table frames; 'SystemMessages' offers 'errors', 'maintenance')",
      },
    ]);
    expect(errorsOf('OverviewCards', { kind: 'card', frame: 'period' })[0]?.pointer).toBe('/panels/shown/frame');
    expect(errorsOf('OverviewCards', { kind: 'card' })).toEqual([]);
  });

  it('names an unknown kind with the closest of the kinds it was given', () => {
    expect(errorsOf('SystemInkTable', { kind: 'tabel', frame: 'inkByColour' })).toEqual([
      {
        file: 'layouts/example.json',
        pointer: '/panels/shown/kind',
        message: "unknown panel kind 'tabel'",
        suggestion: "did you mean 'table'?",
      },
    ]);
  });
});

describe('validateLayout: KPI and series frames', () => {
  it("accepts a KPI kind over the Overview's, the System page's and the Jobs cards", () => {
    expect(errorsOf('OverviewCards', { kind: 'kpi', frame: 'productivity' })).toEqual([]);
    expect(errorsOf('OverviewOee', { kind: 'kpi', frame: 'oee' })).toEqual([]);
    expect(errorsOf('SystemAvailabilityTimeline', { kind: 'kpi', frame: 'availability' })).toEqual([]);
    expect(errorsOf('JobTotalDataCards', { kind: 'kpi', frame: 'bottlesLoaded' })).toEqual([]);
    expect(errorsOf('JobDataPerUnitCards', { kind: 'kpi', frame: 'inkPerUnit' })).toEqual([]);
  });

  it('rejects a frame the answer does not offer: the closest name, else every KPI frame it offers', () => {
    expect(errorsOf('JobTotalDataCards', { kind: 'kpi', frame: 'totalProdution' })).toEqual([
      {
        file: 'layouts/example.json',
        pointer: '/panels/shown/frame',
        message: "the answer 'JobTotalDataCards' of query 'data' offers no frame 'totalProdution'",
        suggestion: "did you mean 'totalProduction'?",
      },
    ]);
    // The answer's property name (the former kpi-card option `field`) is too far from any frame's to guess.
    expect(errorsOf('JobTotalDataCards', { kind: 'kpi', frame: 'totalProductionResponse' })[0]?.message).toBe(
      "the answer 'JobTotalDataCards' of query 'data' offers no frame 'totalProductionResponse'; a kpi shows kpi frames, and 'JobTotalDataCards' offers 'totalProduction', 'totalPrintingTime', 'bottlesLoaded'",
    );
  });

  it("rejects a KPI kind over a KPI call's series, naming the KPI frame the call offers", () => {
    expect(errorsOf('JobPrintTimeKpis', { kind: 'kpi', frame: 'totalPrintingTime' })).toEqual([
      {
        file: 'layouts/example.json',
        pointer: '/panels/shown/frame',
        message:
          "frame 'totalPrintingTime' of 'JobPrintTimeKpis' is a series frame; a kpi shows kpi frames, and 'JobPrintTimeKpis' offers 'printTimePerUnit'",
        suggestion: "did you mean 'printTimePerUnit'?",
      },
    ]);
  });
});

describe('validateLayout: the columns a table names', () => {
  it("accepts column keys the panel's frame declares", () => {
    const options = { show: ['colour', 'consumed', 'perUnit'] };
    expect(errorsOf('SystemInkTable', { kind: 'table', frame: 'inkByColour', options })).toEqual([]);
  });

  it('rejects a key the frame does not have, at its pointer, with the closest column key', () => {
    const options = { show: ['colour', 'consumd'] };
    expect(errorsOf('SystemInkTable', { kind: 'table', frame: 'inkByColour', options })).toEqual([
      {
        file: 'layouts/example.json',
        pointer: '/panels/shown/options/show/1',
        message: "the frame 'inkByColour' of 'SystemInkTable' has no column 'consumd'",
        suggestion: "did you mean 'consumed'?",
      },
    ]);
  });

  it("lists the frame's columns when no key is close", () => {
    const options = { show: ['severity'] };
    expect(errorsOf('SystemMessages', { kind: 'table', frame: 'maintenance', options })).toEqual([
      {
        file: 'layouts/example.json',
        pointer: '/panels/shown/options/show/0',
        message:
          "the frame 'maintenance' of 'SystemMessages' has no column 'severity'; its columns are 'message', 'codes', 'count', 'duration', 'share'",
      },
    ]);
  });

  it('checks the columns only of options that fit their schema', () => {
    const errors = errorsOf('SystemInkTable', { kind: 'table', frame: 'inkByColour', options: { show: 'colour' } });
    expect(errors.map((error) => `${error.pointer}: ${error.message}`)).toEqual([
      "/panels/shown/options/show: must be array, not string 'colour'",
    ]);
  });

  it('checks no columns of a frame the answer does not offer (that error is enough)', () => {
    const errors = errorsOf('SystemInkTable', { kind: 'table', frame: 'inkByColor', options: { show: ['x'] } });
    expect(errors.map((error) => error.pointer)).toEqual(['/panels/shown/frame']);
  });
});

describe('validateLayout: text keys', () => {
  it("accepts words and keys of en-US's layouts.json wherever a text is", () => {
    const shown = { kind: 'card', title: { key: 'layouts.example.shown' } };
    expect(errorsOf('OverviewCards', shown)).toEqual([]);
    const options = { label: { key: 'layouts.example.noData' } };
    expect(errorsOf('OverviewCards', { kind: 'card', title: 'Shown', options })).toEqual([]);
  });

  it('rejects a key layouts.json does not hold, at the text, with the closest key', () => {
    const emptyState = { message: { key: 'layouts.example.noDta' }, icon: 'tank' };
    expect(errorsOf('OverviewCards', { kind: 'card', title: { key: 'layouts.example.shwn' }, emptyState })).toEqual([
      {
        file: 'layouts/example.json',
        pointer: '/panels/shown/title',
        message: "unknown text key 'layouts.example.shwn'",
        suggestion: "did you mean 'layouts.example.shown'?",
      },
      {
        file: 'layouts/example.json',
        pointer: '/panels/shown/emptyState/message',
        message: "unknown text key 'layouts.example.noDta'",
        suggestion: "did you mean 'layouts.example.noData'?",
      },
    ]);
  });

  it('names no key when none is close', () => {
    const [error] = errorsOf('OverviewCards', { kind: 'card', title: { key: 'layouts.other.somethingElse' } });
    expect(error).toEqual({
      file: 'layouts/example.json',
      pointer: '/panels/shown/title',
      message: "unknown text key 'layouts.other.somethingElse'",
    });
  });
});
