/** A seeded pseudo-random source: numbers in [0, 1). The same seed always gives the same sequence. */
export type Rng = () => number;

/** FNV-1a: a stable 32-bit number from text (seeds per system and day). */
export function hashText(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: small, fast and deterministic. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A generator seeded from any parts, e.g. (seed, serial, day): independent streams per key. */
export function rngFor(...parts: (string | number)[]): Rng {
  return mulberry32(hashText(parts.join('|')));
}

/** An integer in [min, max] (both inclusive). */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** A number in [min, max). */
export function between(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

export function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick() from an empty list');
  return item;
}

/** Picks by weight: entries are [value, weight]. */
export function weighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng() * total;
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (last === undefined) throw new Error('weighted() from an empty list');
  return last[0];
}

/** Log-uniform in [min, max]: many small values, a few large ones (order sizes, film lengths). */
export function logUniform(rng: Rng, min: number, max: number): number {
  return Math.exp(between(rng, Math.log(min), Math.log(max)));
}
