/**
 * A layout's texts in the user's language (docs/layout-authoring.md "Texts and languages"): the `layouts` area
 * (`locales/<language>/layouts.json`, keys `layouts.<report>.*`: every report's, so a chunk of its own that no route
 * carries) loads beside the report's layout, and every `{ "key": "layouts.…" }` of a layout is replaced by its words
 * before the frame and the panels see the layout.
 */
import { useQuery } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { reportLayoutQueryOptions } from '../api/report-layout.ts';
import { loadTextsArea, textsAreaLoaded } from '../i18n/i18n.ts';
import type { ReportLayoutAnswer } from '../shared/api-types.ts';
import { resolveLayoutTexts } from '../shared/layout/layout-text.ts';

/**
 * The layout answer with its text keys worded in the current language: a new function only when the language changes
 * (not when another area's texts arrive), so the frame and the panels keep the same layout object.
 */
export function useLayoutTextResolver(): (answer: ReportLayoutAnswer) => ReportLayoutAnswer {
  const { i18n } = useTranslation();
  const { language } = i18n;
  return useCallback(
    (answer: ReportLayoutAnswer) => {
      const t = i18n.getFixedT(language);
      return { ...answer, layout: resolveLayoutTexts(answer.layout, (key) => t(key as ParseKeys)) };
    },
    [i18n, language],
  );
}

/** Whether the layouts' texts of the current language are here; loads them once when not. */
function useLayoutTextsLoaded(): boolean {
  const { i18n } = useTranslation();
  const { isSuccess } = useQuery({
    queryKey: ['texts', 'layouts', i18n.language],
    queryFn: async () => {
      await loadTextsArea('layouts');
      return true;
    },
    initialData: textsAreaLoaded('layouts') ? true : undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return isSuccess;
}

/**
 * A report's layout (layouts/<id>.json as the portal serves it, read once per page load, src/api/report-layout.ts) with
 * its texts in the user's language; no layout until those texts are here.
 */
export function useReportLayout(layoutId: string): { data: ReportLayoutAnswer | undefined; isError: boolean } {
  const textsLoaded = useLayoutTextsLoaded();
  const { data, isError } = useQuery({ ...reportLayoutQueryOptions(layoutId), select: useLayoutTextResolver() });
  return { data: textsLoaded ? data : undefined, isError };
}
