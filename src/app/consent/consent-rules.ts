import { CONSENT_KEY_PREFIX, readJson, writeJson } from '../local-data.ts';

/** The agreement as this browser recorded it for one user (spec shell §7: "also stored locally per user"). */
export interface AgreementRecord {
  version: string;
  approved: boolean;
}

function isAgreementRecord(value: unknown): value is AgreementRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record['version'] === 'string' && typeof record['approved'] === 'boolean';
}

function agreementKey(userId: string): string {
  return `${CONSENT_KEY_PREFIX}agreement.${userId}`;
}

export function readAgreementRecord(userId: string): AgreementRecord | null {
  return readJson(agreementKey(userId), isAgreementRecord);
}

export function writeAgreementRecord(userId: string, record: AgreementRecord): void {
  writeJson(agreementKey(userId), record);
}

/** What the consent rules look at. */
export interface ConsentFacts {
  isSuperUser: boolean;
  /** Approval and version the server holds (profile-data). */
  serverApproved: boolean;
  serverVersion: string | null;
  record: AgreementRecord | null;
  /** The current agreement version (config.agreementVersion). */
  currentVersion: string;
}

export function isAgreementApproved(facts: ConsentFacts): boolean {
  return facts.serverApproved || facts.record?.approved === true;
}

/** Terms modal: the agreement is not approved and the user is not a super user (spec shell §6). */
export function shouldShowTerms(facts: ConsentFacts): boolean {
  return !facts.isSuperUser && !isAgreementApproved(facts);
}

/** Cookies prompt: not approved, or the stored agreement version is not the current one; never for super users. */
export function shouldShowCookiesPrompt(facts: ConsentFacts): boolean {
  if (facts.isSuperUser) return false;
  const storedVersion = facts.record?.version ?? facts.serverVersion;
  return !isAgreementApproved(facts) || storedVersion !== facts.currentVersion;
}
