import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { buildQuery } from '../../../api/build-query.ts';
import { getApiClient } from '../../../api/http-client.ts';
import type { ExportCallResult, ExportEndpoints, ExportFileHandle } from '../../../runtime/panel-capabilities.tsx';
import type { ReportFilters } from '../../../shared/report-filters.ts';

/** The query and body of a download's calls: the report's period, group and systems (spec reports §7). */
function exportRequest({ period, systemGroup, systems }: ReportFilters) {
  return { query: buildQuery({ [period.name]: period.value, systemGroupType: systemGroup }), body: { systems } };
}

/** POSTs an export call; a failure has been reported by the API client (toast) and is returned as failed. */
async function postExport(endpoint: string, filters: ReportFilters, signal?: AbortSignal): Promise<Response | null> {
  const { query, body } = exportRequest(filters);
  try {
    return await getApiClient().options({ signal }).url(`${endpoint}${query}`).post(body).res();
  } catch {
    return null;
  }
}

/** The header in which a check tells the download's row limit (src/server/reports/exports/stream-export.ts). */
const ROW_LIMIT_HEADER = 'export-row-limit';

function resultOf(response: Response | null): ExportCallResult {
  if (response === null) return { failed: true };
  const rowLimit = response.headers.get(ROW_LIMIT_HEADER);
  return rowLimit !== null && /^\d+$/.test(rowLimit)
    ? { httpStatus: response.status, rowLimit: Number(rowLimit) }
    : { httpStatus: response.status };
}

/** The file name of a Content-Disposition header (`attachment; filename="InkConsumptionPerJob_DTG_….xlsx"`). */
export function attachmentName(disposition: string | null, fallback: string): string {
  return /filename="?([^";]+)"?/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** How long the file's object URL outlives the click: revoked at once, a browser may not have started saving it. */
const OBJECT_URL_LIFETIME_MS = 10_000;

/** Hands the browser a file to save, as a link the user clicked would. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * A report download (spec reports §4, §7): the check call's status for the current period, group and systems
 * (asked again when one changes), and the file call, which saves the XLSX when it answers 200.
 */
export function useExportFile(endpoints: ExportEndpoints, filters: ReportFilters): ExportFileHandle {
  const check = useQuery({
    queryKey: ['export-check', endpoints.check, filters.systemGroup, filters.period, filters.systems] as const,
    queryFn: async ({ signal }) => resultOf(await postExport(endpoints.check, filters, signal)),
    staleTime: 0,
    gcTime: 0,
  });
  const download = useCallback(async () => {
    const response = await postExport(endpoints.file, filters);
    if (response?.status === 200) {
      const fallback = endpoints.file.split('/').at(-1) ?? 'export';
      saveFile(await response.blob(), attachmentName(response.headers.get('content-disposition'), `${fallback}.xlsx`));
    }
    return resultOf(response);
  }, [endpoints.file, filters]);
  return { check: check.data, download };
}
