import { SYSTEM_SOFTWARE_VERSIONS } from '../../src/shared/contract/system-page.fixture.ts';
import type { SoftwareVersionsAnswer, SoftwareVersionsOptions } from './model.ts';

export const SOFTWARE_VERSIONS_OPTIONS: SoftwareVersionsOptions = {};

/** Two components, version 5.4.2 last updated on 2026-11-02. */
export const SOFTWARE_VERSIONS_ANSWER: SoftwareVersionsAnswer = SYSTEM_SOFTWARE_VERSIONS;
