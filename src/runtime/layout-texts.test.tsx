import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, DEFAULT_LANGUAGE, i18n } from '../i18n/i18n.ts';
import type { ReportLayout } from '../shared/layout/layout-types.ts';
import { layoutTextKeysIn } from '../shared/layout/layout-text.ts';
import { useReportLayout } from './layout-texts.ts';
import { seedReportLayout } from './report-layouts.fixtures.ts';

/** The German of the server's test folder (src/server/i18n/testing/locales/de-DE): a second language is a file. */
const germanLayouts = Object.values(
  import.meta.glob<object>('/src/server/i18n/testing/locales/de-DE/layouts.json', { eager: true, import: 'default' }),
)[0];
const SERVED = import.meta.glob<ReportLayout>('/layouts/*.json', { eager: true, import: 'default' });

/** A layout as the portal serves it, its texts written as keys (docs/layout-authoring.md "Texts and languages"). */
const KEYED = {
  id: 'overview',
  title: { key: 'layouts.overview.title' },
  queries: {},
  panels: {
    productionRate: {
      kind: 'kpi-card',
      title: { key: 'layouts.overview.productionRate.title' },
      query: 'cards',
      options: {
        labels: { DTF: 'Avg. rate, as written' },
        labelKeys: { live: { DTF: { key: 'layouts.overview.productionRate.liveLabel' } } },
      },
    },
  },
  placement: { desktop: [], compact: [], mobile: [] },
} as unknown as ReportLayout;

function layoutOf(served: ReportLayout) {
  const queryClient = new QueryClient();
  seedReportLayout(queryClient, served);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useReportLayout(served.id), { wrapper });
}

afterEach(async () => {
  await act(() => changeLanguage(DEFAULT_LANGUAGE));
});

describe('a layout’s texts', () => {
  it('shows a key in en-US’s words and words as written', () => {
    const { result } = layoutOf(KEYED);
    const layout = result.current.data?.layout;
    expect(layout?.title).toBe('Overview');
    expect(layout?.panels['productionRate']).toMatchObject({
      title: 'Average prod. rate',
      options: { labels: { DTF: 'Avg. rate, as written' }, labelKeys: { live: { DTF: 'Current prod. rate' } } },
    });
  });

  it('shows the same layout in a second language, which is a file of texts, not a layout change', async () => {
    // The German of the server's test folder (src/server/i18n/testing/locales/de-DE), as a language folder gives it.
    i18n.addResourceBundle('de-DE', 'translation', germanLayouts, true, true);
    const { result } = layoutOf(KEYED);
    await act(() => changeLanguage('de-DE'));
    await waitFor(() => expect(result.current.data?.layout.title).toBe('Übersicht'));
    expect(result.current.data?.layout.panels['productionRate']).toMatchObject({
      title: 'Mittlere Produktionsrate',
      options: { labels: { DTF: 'Avg. rate, as written' }, labelKeys: { live: { DTF: 'Aktuelle Produktionsrate' } } },
    });
  });

  it('shows the shipped Overview file in German with no change to it', async () => {
    i18n.addResourceBundle('de-DE', 'translation', germanLayouts, true, true);
    const { result } = layoutOf(SERVED['/layouts/overview.json'] as ReportLayout);
    expect(result.current.data?.layout.panels['availability']?.title).toBe('Average Availability');
    await act(() => changeLanguage('de-DE'));
    await waitFor(() => expect(result.current.data?.layout.title).toBe('Übersicht'));
    expect(result.current.data?.layout.panels['availability']).toMatchObject({
      title: 'Mittlere Verfügbarkeit',
      options: { labelKeys: { live: { DTF: 'Aktuelle Verfügbarkeit' } } },
    });
    expect(result.current.data?.layout.panels['speedOrUtilization']?.options).toMatchObject({
      toggle: [
        { series: 'speed', label: 'Geschwindigkeit' },
        { series: 'utilization', label: 'Auslastung' },
      ],
    });
  });

  it.each(Object.keys(SERVED))('%s is worded whole: no key is left for a panel to show', (file) => {
    const served = SERVED[file] as ReportLayout;
    const { result } = layoutOf(served);
    expect(layoutTextKeysIn(result.current.data?.layout)).toEqual([]);
  });
});
