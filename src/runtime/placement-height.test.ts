import { describe, expect, it } from 'vitest';
import { fillAreaHeight } from './placement-height.ts';

describe('fillAreaHeight', () => {
  const list = { panel: 'list', x: 0, y: 0, w: 12, h: 10, fillHeight: true };
  const card = { panel: 'card', x: 0, y: 0, w: 3, h: 3 };

  it('grows a filling item to the bottom of the area, less the page padding', () => {
    // 900 px less 32 px padding holds 16 rows of 52 px (the last without its gap): 16 × 52 − 12 = 820 px.
    expect(fillAreaHeight([list], 900)).toEqual([{ ...list, h: 16 }]);
  });

  it('counts the rows above a filling item', () => {
    expect(fillAreaHeight([{ ...list, y: 3 }], 900)).toEqual([{ ...list, y: 3, h: 13 }]);
  });

  it('keeps the least height in a low area', () => {
    expect(fillAreaHeight([list], 300)).toEqual([list]);
  });

  it('leaves other items as they are', () => {
    expect(fillAreaHeight([card], 900)).toEqual([card]);
  });
});
