/**
 * Edit distance counting an adjacent swap as one edit (optimal string alignment),
 * so the usual typos 'panles' and 'kpi-crad' are one edit from 'panels' and 'kpi-card'.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** The candidate closest to `input`, if it is close enough to be a likely typo (at most a third of its length, at least 2 edits allowed). */
export function closestMatch(input: string, candidates: Iterable<string>): string | undefined {
  const allowed = Math.max(2, Math.floor(input.length / 3));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

/** "did you mean 'panels'?" for the closest candidate, or undefined when none is close. */
export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  const match = closestMatch(input, candidates);
  return match === undefined ? undefined : `did you mean '${match}'?`;
}
