import { describe, expect, it } from 'vitest';
import { partOfSource, profileParts } from './filter-change-profile.ts';

describe('the filter-change profile breakdown (issue #30)', () => {
  it('names the part of a source file as the build source maps name it', () => {
    expect(partOfSource('../../src/shared/json/json-schema-check.ts')).toBe('answer check');
    expect(partOfSource('../../src/runtime/answer-check.ts')).toBe('answer check');
    expect(partOfSource('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('React');
    expect(partOfSource('../../node_modules/scheduler/cjs/scheduler.production.js')).toBe('React');
    expect(partOfSource('../../node_modules/zrender/lib/svg/Painter.js')).toBe('ECharts');
    expect(partOfSource('../../node_modules/echarts/lib/core/echarts.js')).toBe('ECharts');
    expect(partOfSource('../../node_modules/@tanstack/query-core/build/modern/query.js')).toBe('React Query');
    expect(partOfSource('../../panels/kpi-card/KpiCardPanel.tsx')).toBe('app + panels');
    expect(partOfSource('../../src/runtime/ReportPanel.tsx')).toBe('app + panels');
    expect(partOfSource('../../node_modules/react-grid-layout/build/core.js')).toBe('other script');
  });

  it('sums self time per part: a sample lasts until the next, idle is left out, a built-in counts for its caller', () => {
    const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0, columnNumber: 0 });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 5] },
        { id: 2, callFrame: frame('(idle)') },
        { id: 3, callFrame: frame('(garbage collector)') },
        { id: 4, callFrame: frame('(program)') },
        // A page script no source map covers, and a built-in it called.
        { id: 5, callFrame: frame('work', 'https://portal.test/inline.js'), children: [6] },
        { id: 6, callFrame: frame('JSON.parse') },
      ],
      samples: [2, 3, 4, 5, 6, 2],
      timeDeltas: [0, 5000, 2000, 3000, 1000, 4000],
    };
    const parts = profileParts('/nonexistent-dist', profile);
    expect(Object.fromEntries(parts)).toEqual({ GC: 2, 'browser other': 3, 'other script': 5 });
  });
});
