/**
 * Issue 15 (shifts and targets through ingest): a gateway reports its site's shift calendar as telemetry, so a shift's
 * definition can change. `valid_from` is the local day from which the stored definition applies, as the gateway sent
 * it: ingest keeps the definition with the latest `valid_from`, so a calendar change that arrives late (a retry, a
 * gateway catching up) never replaces a newer one. Rows written before this migration (provisioning) apply from the
 * earliest day ingest accepts. Targets already carry their own validity (`shift_targets.valid_from`).
 */
export const name = '016-shift-validity';

export const up = `
ALTER TABLE shifts ADD COLUMN valid_from date NOT NULL DEFAULT '1970-01-01';
`;
