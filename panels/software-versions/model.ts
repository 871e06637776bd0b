import type { AnswerOf } from '../../src/shared/api-types.ts';
import { formatLastUpdate } from '../../src/shared/format/last-update.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const SOFTWARE_VERSIONS_ANSWERS = ['SoftwareVersions'] as const;

export type SoftwareVersionsAnswer = AnswerOf<(typeof SOFTWARE_VERSIONS_ANSWERS)[number]>;

/** Options of a software-versions panel; options.schema.json beside this file is their contract. */
export type SoftwareVersionsOptions = Record<string, never>;

/** What the panel draws (spec reports §3 Software version). */
export interface SoftwareVersionsData {
  appName: string;
  version: string;
  lastUpdate: string;
  components: { component: string; version: string; reportedAt: string }[];
}

/** The versions; null (the empty state) when the system never reported software. */
export function selectSoftwareVersions(answer: SoftwareVersionsAnswer): SoftwareVersionsData | null {
  if (answer.componentVersions.length === 0 && answer.globalSoftwareVersion === null) return null;
  return {
    appName: answer.appName,
    version: answer.globalSoftwareVersion ?? '--',
    lastUpdate: formatLastUpdate(answer.globalSoftwareLastUpdate) ?? '--',
    components: answer.componentVersions.map((entry) => ({
      component: entry.component,
      version: entry.version,
      reportedAt: formatLastUpdate(entry.reportedAt) ?? entry.reportedAt,
    })),
  };
}
