import type { SoftwareVersionsResponse, SystemAnalysisItem } from '../api-types.ts';

/** One system of Systems Analysis with neutral figures; tests and stories override what they look at. */
export function fixtureSystem(serialNumber: string, fields: Partial<SystemAnalysisItem> = {}): SystemAnalysisItem {
  return {
    serialNumber,
    systemNickName: null,
    systemModel: 'Storm',
    printerStatus: 'Idle',
    lastUpdate: '2024-03-05T10:00:00Z',
    production: 0,
    speed: 0,
    availability: 0.5,
    oee: null,
    isEverReported: true,
    ...fields,
  };
}

/** Three systems whose serial, production, speed and status orders all differ. */
export const FIXTURE_SYSTEMS: SystemAnalysisItem[] = [
  fixtureSystem('10-01', {
    production: 500,
    speed: 40,
    printerStatus: 'Error',
    availability: 0.9,
    oee: { oee: 0.4275, availability: 0.9, performance: 0.5, quality: 0.95 },
  }),
  fixtureSystem('2-50', { production: 1500, speed: 20, printerStatus: 'Printing', availability: -1 }),
  fixtureSystem('9-99', { production: 900, speed: 60, printerStatus: 'Maintenance', availability: 0.4 }),
];

export const FIXTURE_VERSIONS: SoftwareVersionsResponse = {
  systemSerialGk: '2-50',
  appName: 'Storm',
  componentVersions: [
    { component: 'firmware', version: '4.2.1', reportedAt: '2024-03-01T08:00:00Z' },
    { component: 'rip', version: '12.0', reportedAt: '2024-03-02T08:00:00Z' },
  ],
  globalSoftwareLastUpdate: '2024-03-02T08:00:00Z',
  globalSoftwareVersion: '12.0',
};
