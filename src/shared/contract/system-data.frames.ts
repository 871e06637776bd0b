import { formatLastUpdate } from '../format/last-update.ts';
import type { AnswerOf } from './answer-schemas.ts';
import { tableFrame, type AnswerFrames } from './frames.ts';

type SoftwareVersionsAnswer = AnswerOf<'SoftwareVersions'>;

/**
 * One printer's software (spec reports §3 Software version): app, global version and last update as facts, each
 * component's version as a row. A system that never reported software gives neither (the panel's empty state).
 */
export const SOFTWARE_VERSIONS_FRAMES = {
  /** The app's version and last update, and each component's version. */
  components: tableFrame(
    [
      { key: 'component', label: { key: 'frames.components.component' }, format: 'text', rowHeader: true },
      { key: 'version', label: { key: 'frames.components.version' }, format: 'text' },
      { key: 'reportedAt', label: { key: 'frames.components.reportedAt' }, format: 'instant' },
    ],
    (answer: SoftwareVersionsAnswer) => {
      const reported = answer.componentVersions.length > 0 || answer.globalSoftwareVersion !== null;
      return {
        ...(reported
          ? {
              facts: [
                { label: { key: 'frames.components.app' }, value: answer.appName },
                { label: { key: 'frames.components.globalVersion' }, value: answer.globalSoftwareVersion ?? '--' },
                {
                  label: { key: 'frames.components.lastUpdate' },
                  value: formatLastUpdate(answer.globalSoftwareLastUpdate) ?? '--',
                },
              ],
            }
          : {}),
        rows: answer.componentVersions.map((entry) => ({
          key: entry.component,
          cells: { component: entry.component, version: entry.version, reportedAt: entry.reportedAt },
        })),
      };
    },
  ),
} satisfies AnswerFrames<SoftwareVersionsAnswer>;
