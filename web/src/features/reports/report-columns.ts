import type { ReportRow } from '@stormline/contract/areas/divisions';

/**
 * The compliance report's columns (spec 001 §2 and §3), in table order, with what each counts
 * (docs/decisions/0021, "The columns"), how the Total row combines it and, for the columns that
 * have one, the Percent Variance reference. The columns with a percent variance come last, so the
 * Percent Variance label spans every column before them (spec 001 §9: six by default).
 */

export type ReportColumnId = Exclude<keyof ReportRow, 'projectId' | 'clientId'>;
export type FigureId = Exclude<ReportColumnId, 'projectName' | 'clientName'>;

interface ColumnBase {
  label: string;
  /** The header tooltip. */
  definition: string;
  /** Shown unless the Column Setting drawer says otherwise; false for an optional column hidden at first. */
  defaultVisible: boolean;
  /** Project Name cannot be hidden: it names the row. */
  optional: boolean;
}

export interface TextColumn extends ColumnBase {
  id: 'projectName' | 'clientName';
  kind: 'text';
}

export interface FigureColumn extends ColumnBase {
  id: FigureId;
  kind: 'figure';
  /** The Total row: a sum, the average of the rows' values that are not null, or the largest. */
  total: 'sum' | 'average' | 'max';
  /** Decimal columns show two decimals (spec 001 §9), in the rows and in the Total. */
  decimals: 0 | 2;
  /**
   * The Percent Variance row: this column's total over the sum of these columns' totals, times 100.
   * Absent for the columns without a percent variance.
   */
  percentOf?: readonly FigureId[];
}

export type ReportColumn = TextColumn | FigureColumn;

export const REPORT_COLUMNS: readonly ReportColumn[] = [
  {
    id: 'projectName',
    kind: 'text',
    label: 'Project Name',
    definition: 'The division’s active projects you can see, by name.',
    defaultVisible: true,
    optional: false,
  },
  {
    id: 'clientName',
    kind: 'text',
    label: 'Client Name',
    definition: 'The client the project belongs to.',
    // Spec 001 §2: every optional column starts enabled except Client Name.
    defaultVisible: false,
    optional: true,
  },
  {
    id: 'inspectionCount',
    kind: 'figure',
    label: 'Inspections',
    definition: 'Inspections dated in the range, of every type (routine, post-storm, both).',
    total: 'sum',
    decimals: 0,
    defaultVisible: true,
    optional: true,
  },
  {
    id: 'findingsCount',
    kind: 'figure',
    label: 'Findings',
    definition: 'Findings initiated in the range.',
    total: 'sum',
    decimals: 0,
    defaultVisible: true,
    optional: true,
  },
  {
    id: 'avgFindings',
    kind: 'figure',
    label: 'Avg Findings',
    definition:
      'Findings per inspection: Findings divided by Inspections. ‘-’ without inspections. Total: the average of the rows’ values.',
    total: 'average',
    decimals: 2,
    defaultVisible: true,
    optional: true,
  },
  {
    id: 'avgFindingDays',
    kind: 'figure',
    label: 'Avg Days to Correct',
    definition:
      'The mean of the calendar days from initiation to completion of the range’s completed findings. ‘-’ when none is completed. Total: the average of the rows’ values.',
    total: 'average',
    decimals: 2,
    defaultVisible: true,
    optional: true,
  },
  {
    id: 'maxDay',
    kind: 'figure',
    label: 'Max Days to Correct',
    definition:
      'The most days to correct among the range’s completed findings. ‘-’ when none is completed. Total: the largest.',
    total: 'max',
    decimals: 0,
    defaultVisible: true,
    optional: true,
  },
  {
    id: 'openFindings',
    kind: 'figure',
    label: 'Open Findings',
    definition: 'The range’s findings still open today. Percent Variance: of Findings.',
    total: 'sum',
    decimals: 0,
    percentOf: ['findingsCount'],
    defaultVisible: true,
    optional: true,
  },
  {
    id: 'notCompleteInExpectedDays',
    kind: 'figure',
    label: 'Not Complete in 7 Days',
    definition:
      'The range’s findings not completed within 7 days of initiation: completed after more than 7 days, or open today for more than 7. Percent Variance: of Findings.',
    total: 'sum',
    decimals: 0,
    percentOf: ['findingsCount'],
    defaultVisible: true,
    optional: true,
  },
  {
    id: 'ackCount',
    kind: 'figure',
    label: 'Acknowledged',
    definition: 'Inspections of the range whose acknowledgement is signed. Percent Variance: of Inspections.',
    total: 'sum',
    decimals: 0,
    percentOf: ['inspectionCount'],
    defaultVisible: true,
    optional: true,
  },
  {
    id: 'complianceCount',
    kind: 'figure',
    label: 'Compliance Signed',
    definition: 'Inspections of the range signed for compliance. Percent Variance: of Inspections.',
    total: 'sum',
    decimals: 0,
    percentOf: ['inspectionCount'],
    defaultVisible: true,
    optional: true,
  },
  {
    id: 'missedIsp',
    kind: 'figure',
    label: 'Missed Inspections',
    definition:
      'Due dates in the range that passed with no routine inspection. Percent Variance: of Inspections plus Missed Inspections (every inspection done or due).',
    total: 'sum',
    decimals: 0,
    percentOf: ['inspectionCount', 'missedIsp'],
    defaultVisible: true,
    optional: true,
  },
  // Issue 23 (docs/decisions/0048): post-storm dues by the storm's day. Hidden at first, so the
  // spec's default layout (spec 001 §9) stays as it is; Column Setting shows them.
  {
    id: 'postStormInTime',
    kind: 'figure',
    label: 'Post-Storm In Time',
    definition:
      'Post-storm inspections due after a storm in the range and started within the permit’s deadline. Percent Variance: of every post-storm inspection due (in time, late and missed).',
    total: 'sum',
    decimals: 0,
    percentOf: ['postStormInTime', 'postStormLate', 'postStormMissed'],
    defaultVisible: false,
    optional: true,
  },
  {
    id: 'postStormLate',
    kind: 'figure',
    label: 'Post-Storm Late',
    definition:
      'Post-storm inspections due after a storm in the range and started after the deadline. Percent Variance: of every post-storm inspection due.',
    total: 'sum',
    decimals: 0,
    percentOf: ['postStormInTime', 'postStormLate', 'postStormMissed'],
    defaultVisible: false,
    optional: true,
  },
  {
    id: 'postStormMissed',
    kind: 'figure',
    label: 'Post-Storm Missed',
    definition:
      'Post-storm inspections due after a storm in the range whose deadline passed with none. Percent Variance: of every post-storm inspection due.',
    total: 'sum',
    decimals: 0,
    percentOf: ['postStormInTime', 'postStormLate', 'postStormMissed'],
    defaultVisible: false,
    optional: true,
  },
];

export const FIGURE_COLUMNS = REPORT_COLUMNS.filter(
  (column): column is FigureColumn => column.kind === 'figure',
);

export const OPTIONAL_COLUMNS = REPORT_COLUMNS.filter((column) => column.optional);

/** Which columns show: Column Setting's checkboxes, keyed by column id. */
export type ColumnVisibility = Record<ReportColumnId, boolean>;

export const DEFAULT_COLUMN_VISIBILITY = Object.fromEntries(
  REPORT_COLUMNS.map((column) => [column.id, column.defaultVisible]),
) as ColumnVisibility;

/** The columns shown, in table order (Project Name always). */
export function visibleColumns(visibility: ColumnVisibility): ReportColumn[] {
  return REPORT_COLUMNS.filter((column) => !column.optional || visibility[column.id]);
}
