import { reportFileKeys } from '@stormline/data/reports';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { fileStoreOf } from '../../lib/file-store';
import { mergeReport } from '../../lib/reports/pdf-merge';
import {
  readObject,
  readPlan,
  ReportRefused,
  runningReport,
  type ReportInput,
  reportTaskDeps,
} from './report-task';

/**
 * The Merge state: the printed parts and the stored PDFs in plan order (annotations drawn into
 * their pages), the running header and 'Page x of y' on every page, stored as
 * reports/<division>/<report>.pdf. The parts' files are removed once merged.
 */
export async function handler(input: ReportInput): Promise<void> {
  const deps = reportTaskDeps();
  const report = await runningReport(deps, input);
  const store = fileStoreOf(deps);
  const plan = await readPlan(store, input);
  const parts = await Promise.all(
    plan.parts.map(async (part, index) => {
      const key = part.kind === 'html' ? reportFileKeys.part(report.divisionId, report.id, index) : part.key;
      const bytes = await readObject(store, key);
      if (!bytes) throw new ReportRefused(REPORT_MESSAGES.photoMissing);
      return part.kind === 'pdf'
        ? { bytes, annotations: part.annotations, stored: true, label: part.label }
        : { bytes, annotations: [] };
    }),
  );
  const pdf = await mergeReport({ title: plan.title, subtitle: plan.subtitle, parts });
  await store.put(reportFileKeys.file(report.divisionId, report.id), pdf, 'application/pdf');
  // The parts are no longer needed; a part left behind is only storage, so a failed removal is logged.
  for (const key of [
    ...plan.parts.map((_, index) => reportFileKeys.part(report.divisionId, report.id, index)),
    reportFileKeys.plan(report.divisionId, report.id),
  ])
    await store
      .remove(key)
      .catch((error: unknown) => console.warn('A report part was not removed', { key, error }));
}
