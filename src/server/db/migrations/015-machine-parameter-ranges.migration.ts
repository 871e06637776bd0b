/**
 * Issue 13 (machine config): a machine parameter may come with the range the printer allows (spec reports §2, §5:
 * parameters with min, max and value). Adds the optional range as sent (JSON: a number, or text the page shows only
 * when numeric), and an index for the latest value of each parameter of a system.
 */
export const name = '015-machine-parameter-ranges';

export const up = `
ALTER TABLE machine_parameters ADD COLUMN min_value jsonb, ADD COLUMN max_value jsonb;
CREATE INDEX machine_parameters_system_name_time ON machine_parameters (tenant_id, system_id, name, recorded_at);
`;
