// "Did you mean": the closest known name within a small edit distance.

/** Edit distance counting an adjacent swap as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i++) {
    const row = d[i] as number[];
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

// Short names are too close to each other for a typo to be told from another word.
function tolerance(length: number): number {
  if (length <= 3) return 0;
  return length <= 5 ? 1 : 2;
}

/**
 * The known name closest to `input` (case-insensitive), if it is within typo distance:
 * none for names of up to 3 characters, 1 edit up to 5, 2 beyond.
 *
 * @example
 * ```ts
 * closestName("promptMaxRow", ["promptMaxRows", "yolo"]); // "promptMaxRows"
 * ```
 */
export function closestName(input: string, known: readonly string[]): string | undefined {
  const lowered = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const distance = editDistance(lowered, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // A difference in case alone (distance 0) is always worth pointing out.
  return bestDistance <= tolerance(input.length) || bestDistance === 0 ? best : undefined;
}
