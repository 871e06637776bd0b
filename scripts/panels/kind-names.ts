/** A panel kind's name: kebab-case, starting with a letter ('kpi-card', 'systems-table'); it names the kind's folder. */
export const KIND_NAME_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

export function isKindName(name: string): boolean {
  return KIND_NAME_PATTERN.test(name);
}

/** 'time-series-chart' → 'timeSeriesChart': the kind's identifier in generated code. */
export function camelCaseOf(kind: string): string {
  return kind.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** 'time-series-chart' → 'TimeSeriesChart': the stem of the kind's component and story names. */
export function pascalCaseOf(kind: string): string {
  const camel = camelCaseOf(kind);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}
