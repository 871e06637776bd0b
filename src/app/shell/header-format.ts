export type ActiveSystemsParts = readonly [string, string, string];

/** Splits the active-systems text ('3 of 4') on spaces into its three parts; null until it is loaded. */
export function splitActiveSystems(text: string | null | undefined): ActiveSystemsParts | null {
  if (!text) return null;
  const [first = '', second = '', ...rest] = text.trim().split(/\s+/);
  return [first, second, rest.join(' ')];
}

/** The mobile header shows the first and third parts: '3 / 4'. */
export function mobileActiveSystems(parts: ActiveSystemsParts): string {
  return `${parts[0]} / ${parts[2]}`;
}

const PRODUCTION_ENVIRONMENTS = ['prod', 'production'];

/** Version and environment label for non-production builds; null in production. */
export function environmentLabel(environment: string, version: string): string | null {
  if (PRODUCTION_ENVIRONMENTS.includes(environment.toLowerCase())) return null;
  return version ? `v${version} · ${environment}` : environment;
}
