import { useCallback } from 'react';
import { buildQuery } from '../../../api/build-query.ts';
import { getApiClient } from '../../../api/http-client.ts';
import type { ExportCallResult, SystemEventsFileHandle } from '../../../runtime/panel-capabilities.tsx';
import type { ReportFilters } from '../../../shared/report-filters.ts';
import { attachmentName, saveFile } from '../JobsAnalysisPage/export-file.ts';

/** The system page's errors-and-events download (spec reports §7): GET with the period, group and system. */
export const SYSTEM_EVENTS_FILE_PATH = '/api/system-page-report/error-maintenance-file';

/** The file's query: the period under its own name (day or week), the group and the one system. */
export function systemEventsFileQuery({ period, systemGroup, system }: ReportFilters): string {
  return buildQuery({ [period.name]: period.value, systemGroup, system });
}

/**
 * The errors-and-events file of a system's page for its period (spec reports §4: 200 downloaded, 204 no content,
 * 205 file too big): saved under the Content-Disposition name on 200. A failure has been shown by the API client.
 */
export function useSystemEventsFile(filters: ReportFilters): SystemEventsFileHandle {
  const download = useCallback(async (): Promise<ExportCallResult> => {
    let response: Response;
    try {
      response = await getApiClient()
        .url(`${SYSTEM_EVENTS_FILE_PATH}${systemEventsFileQuery(filters)}`)
        .get()
        .res();
    } catch {
      return { failed: true };
    }
    if (response.status === 200) {
      saveFile(await response.blob(), attachmentName(response.headers.get('content-disposition'), 'Events.xlsx'));
    }
    return { httpStatus: response.status };
  }, [filters]);
  return { download };
}
