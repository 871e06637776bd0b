import { describe, expect, it } from 'vitest';
import { formatLastUpdate } from '../../src/shared/format/last-update.ts';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import { lastUpdateText } from './system-display.ts';

describe('lastUpdateText', () => {
  it("shows a system's last update as the header shows the group's: same format, the viewer's zone", () => {
    const instant = '2024-03-06T02:58:00.000Z';
    expect(lastUpdateText(instant, t)).toBe(formatLastUpdate(instant));
    expect(lastUpdateText(instant, t)).toBe('March 06, 2024, 02:58 am');
  });

  it("says 'Never' for a system that never reported", () => {
    expect(lastUpdateText(null, t)).toBe('Never');
  });
});
