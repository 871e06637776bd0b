import type { JSX } from 'react';
import EChartsReactEntry from 'echarts-for-react/esm/core.js';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { dispose, getInstanceByDom, init, use as registerChartParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartsType } from 'echarts/core';

/**
 * The panel SDK's chart: imported only by chart kinds (a module of its own, so the other kinds' chunks do not carry
 * ECharts). Only what the report charts draw is registered, so the shared chart chunk stays small (TOOLCHAIN-NOTES
 * "Vite, bundles"); a kind imports `EChart` from the module of the series it draws (panel-sdk-echart-bar.ts,
 * -line.ts, -bar-line.ts), which registers that series type.
 */
registerChartParts([GridComponent, TooltipComponent, SVGRenderer]);

/**
 * What a chart removed while it initialises gets: echarts-for-react waits for the first drawing to finish, then sets
 * the option on its element's instance without checking that it is still mounted (its element is then null). The
 * option goes nowhere instead of throwing from a promise no one awaits (a report left during its first drawing).
 */
const DETACHED_CHART = {
  setOption: () => undefined,
  showLoading: () => undefined,
  hideLoading: () => undefined,
  on: () => undefined,
};

/** One object for every chart: echarts-for-react re-creates a chart whose `opts` differ from the last render's. */
const SVG = { renderer: 'svg' } as const;

/**
 * What echarts-for-react gets instead of its throw-away first chart. When a chart appears it creates a chart with the
 * `opts` as given, waits for its first drawing to finish (the next frame), reads its box's size, disposes of it and
 * creates the chart it keeps with that size (issue #30: a whole chart made, drawn and thrown away, and a frame lost, for
 * every chart shown after a loading placeholder). Its box has its size from the start (the style below), so no chart is
 * made for that: the probe reports the first drawing finished at once, and the size is read from the box.
 */
const SIZE_PROBE = {
  on: (event: string, handler: () => void) => {
    if (event === 'finished') handler();
  },
};

/** Boxes whose chart is, for the moment, the size probe. */
const PROBED = new WeakSet<HTMLElement>();

type InitArguments = Parameters<typeof init>;

/**
 * The three calls echarts-for-react makes. Handing it `echarts/core`'s whole namespace object would keep every export of
 * that module in the chunk (a namespace used as a value cannot be tree-shaken). Its first `init` of a box (the `opts`
 * as given, without a size) gets the size probe; the second (with the size it read) makes the chart.
 */
const ECHARTS_CALLS = {
  init: (element: HTMLElement, theme: InitArguments[1], opts: InitArguments[2]) => {
    if (opts === SVG) {
      PROBED.add(element);
      return SIZE_PROBE;
    }
    PROBED.delete(element);
    return init(element, theme, opts);
  },
  dispose,
  getInstanceByDom: (element: HTMLElement | null) => {
    if (element === null) return DETACHED_CHART;
    return PROBED.has(element) ? SIZE_PROBE : getInstanceByDom(element);
  },
};

/** The option's parts a new option replaces whole (see `EChart`); the tooltip is merged. */
const REPLACED_PARTS = ['grid', 'xAxis', 'yAxis', 'series'];

/** An ECharts option as a chart kind builds it (pure, tested without a canvas). */
export type EChartOption = Parameters<EChartsType['setOption']>[0];

// The ES module entry's default export is the component; TypeScript (NodeNext, in a package without "type": "module")
// types that entry as CommonJS, with the component under `.default`.
const ReactEChartsCore = EChartsReactEntry as unknown as typeof EChartsReactEntry.default;

/**
 * An ECharts chart of a built option, drawn as SVG at the given size (crisp at any pixel ratio), through
 * echarts-for-react. The chart is created once per mount, sized by its box (the style below): echarts-for-react
 * re-creates a chart whose `opts` change, so they hold no size and are one object; a new size changes only the box's
 * style, which it answers with `resize` (issue #30: re-creating cost a whole first drawing). A new option's grids, axes and
 * series replace the old ones whole (`replaceMerge`: a kind builds every option complete, and a merge would keep what the
 * new one leaves out, e.g. a percent axis' `max: 1` after a switch to production); the tooltip, which a kind builds with
 * the same keys every time, is merged, so ECharts keeps its view and element (replacing it made a new element and
 * forced a layout per chart and change). The new option is drawn at once, in the commit that brings it: a lazy update
 * waited for the next frame (issue #30: hovering filter changes 87–123 → 43–82 ms median). Drawing is tested in the
 * stories (Chromium); jsdom cannot measure text.
 */
export function EChart({
  option,
  width,
  height,
  label,
  className,
}: {
  option: EChartOption;
  width: number;
  height: number;
  label: string;
  /** Class of the chart's box (its kind's CSS). */
  className: string;
}): JSX.Element {
  return (
    <div role="img" aria-label={label} className={className}>
      <ReactEChartsCore
        echarts={ECHARTS_CALLS}
        option={option}
        replaceMerge={REPLACED_PARTS}
        opts={SVG}
        style={{ height, width }}
      />
    </div>
  );
}
