/**
 * A reason a report cannot be printed that the user can act on (docs/decisions/0042): the error
 * name the report state machine's Catch passes on, and the message its failure task records. Any
 * other error is recorded as REPORT_MESSAGES.failed, its details in the log only. Planners throw it
 * too (REPORT_MESSAGES.nothingToPrint).
 */
export class ReportRefused extends Error {
  override readonly name = 'ReportRefused';
}
