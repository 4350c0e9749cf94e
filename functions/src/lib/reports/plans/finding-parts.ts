/**
 * How an inspection's findings are cut into parts (issue 22's bench: bench/report-photos.ts). One
 * part per few photos, so the RenderParts Map prints them side by side (MaxConcurrency 4) instead
 * of one Chromium page decoding and printing every photo in turn: a 100-photo report is then about
 * as fast per photo as a 10-photo one. A finding is never split (its fields and photos stay
 * together), findings keep their order, and an inspection with few photos stays one part. The
 * cost: each part starts on a fresh page, so a part's last page may end short.
 */

/** The photos one findings part prints at most (a finding with more is a part of its own). */
export const PHOTOS_PER_FINDINGS_PART = 12;

/** The findings in print order, cut into runs of at most `perPart` photos; never an empty run. */
export function findingRuns<F extends { photos: readonly unknown[] | null }>(
  findings: readonly F[],
  perPart: number = PHOTOS_PER_FINDINGS_PART,
): F[][] {
  const runs: F[][] = [];
  let current: F[] = [];
  let photos = 0;
  for (const finding of findings) {
    const count = finding.photos?.length ?? 0;
    if (current.length > 0 && photos + count > perPart) {
      runs.push(current);
      current = [];
      photos = 0;
    }
    current.push(finding);
    photos += count;
  }
  if (current.length > 0 || runs.length === 0) runs.push(current);
  return runs;
}
