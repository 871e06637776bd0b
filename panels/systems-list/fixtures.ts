import type { Loadable, PanelCapabilities } from '../../src/runtime/panel-sdk.ts';
import type { SoftwareVersionsResponse, SystemsAnalysisView, SystemsNameResponse } from '../../src/shared/api-types.ts';
import { FIXTURE_SYSTEMS, FIXTURE_VERSIONS } from '../../src/shared/systems/systems-analysis.fixture.ts';
import type { SystemsListOptions } from './options.ts';

export { FIXTURE_SYSTEMS, FIXTURE_VERSIONS, fixtureSystem } from '../../src/shared/systems/systems-analysis.fixture.ts';

/** Options as a layout gives them (none yet). */
export const SYSTEMS_LIST_OPTIONS: SystemsListOptions = {};

/** A systems-analysis answer of the fixture systems. */
export const SYSTEMS_LIST_ANSWER = { systems: FIXTURE_SYSTEMS };

/** What the fake app answers; every part may be replaced. */
export interface FakeCapabilityAnswers {
  nicknames: Loadable<SystemsNameResponse>;
  software: Loadable<SoftwareVersionsResponse>;
  view: SystemsAnalysisView | undefined;
  saveNickname(serialNumber: string, nickName: string): Promise<unknown>;
  saveView(view: SystemsAnalysisView): void;
}

/** 2-50 is the Front press, 9-99 the Back press; 10-01 has no nickname. */
export const FIXTURE_NICKNAMES: SystemsNameResponse = {
  nicknameResponse: [
    { serialNumber: '2-50', nickName: 'Front press' },
    { serialNumber: '9-99', nickName: 'Back press' },
    { serialNumber: '10-01', nickName: null },
  ],
};

/** The app's capabilities as fixtures (no network): for the kind's stories and tests. */
export function fakeCapabilities(answers: Partial<FakeCapabilityAnswers> = {}): Partial<PanelCapabilities> {
  const {
    nicknames = { data: FIXTURE_NICKNAMES, failed: false },
    software = { data: FIXTURE_VERSIONS, failed: false },
    view,
    saveNickname = () => Promise.resolve(undefined),
    saveView = () => undefined,
  } = answers;
  return {
    useSystemNicknames: () => nicknames,
    useSaveSystemNickname: () => saveNickname,
    useSoftwareVersions: (serialNumber) => (serialNumber === null ? { data: undefined, failed: false } : software),
    useSystemsViewPreference: () => ({ view, save: saveView }),
    useSystemPageLink: () => (subReport, serialNumber) => `/reports/systems/${subReport}/${serialNumber}?fake`,
  };
}
