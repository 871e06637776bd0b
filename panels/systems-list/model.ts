import type { SystemAnalysisItem } from '../../src/shared/api-types.ts';
import { isRecord } from '../../src/shared/json/json-value.ts';

/** Options of a systems-list panel: none yet (options.schema.json beside this file is their contract). */
export type SystemsListOptions = Record<string, never>;

/** The systems of the period as the answer lists them (all of the group; the panel applies the machine selection). */
export type SystemsListData = readonly SystemAnalysisItem[];

/** The `systems` of a systems-analysis answer; null (the panel's error-free empty state) when the answer has none. */
export function selectSystemsList(response: unknown): SystemsListData | null {
  if (!isRecord(response) || !Array.isArray(response['systems'])) return null;
  return response['systems'] as SystemAnalysisItem[];
}
