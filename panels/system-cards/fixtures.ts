import { SYSTEM_PAGE_CARDS } from '../../src/shared/contract/system-page.fixture.ts';
import type { SystemCardsAnswer } from './model.ts';
import type { SystemCardsOptions } from './options.ts';

export const SYSTEM_CARDS_IDENTITY: SystemCardsOptions = { section: 'identity' };
export const SYSTEM_CARDS_KPIS: SystemCardsOptions = { section: 'kpis' };

/** A DTG printer's cards (src/shared/contract/system-page.fixture.ts). */
export const SYSTEM_CARDS_ANSWER: SystemCardsAnswer = SYSTEM_PAGE_CARDS;

/** A DTF printer that reported nothing in the period: availability −1, no productivity, no achievement. */
export const SYSTEM_CARDS_NOT_REPORTED: SystemCardsAnswer = {
  ...SYSTEM_PAGE_CARDS,
  systemGroup: 'DTF',
  achievement: null,
  productivity: null,
  availability: { ...SYSTEM_PAGE_CARDS.availability, value: -1 },
  isNotReportingPeriod: true,
  appVersion: null,
  lastSoftwareUpdate: null,
};
