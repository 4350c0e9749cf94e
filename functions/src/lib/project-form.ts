import type { ProjectUpdate } from '@stormline/contract/areas/projects';
import { ValidationError } from '@stormline/domain/errors';
import {
  coordinateIssues,
  inspectorRefusal,
  projectDateIssues,
  projectDocTypes,
  resolveProjectOptions,
  routineIntervalDays,
  routineIntervalIssues,
} from '@stormline/domain/project-rules';
import type { TemplateProjectOptions } from '@stormline/domain/project-rules';
import { normalizedPermit, permitIssues, permitNumberIssues } from '@stormline/domain/permit-rules';
import {
  addressIssues,
  assertNoIssues,
  blankToNull,
  normalizePostalCode,
  timeZoneIssues,
} from '@stormline/domain/region';
import type { Deps } from './deps';

/** What the Create project and Edit Project forms both send: every field but the client, form type and regulations. */
export type ProjectFormBody = Omit<ProjectUpdate, 'version'>;

/** Refuses a project whose inspector is not a member of the division holding an assignable role, on the form's field. */
export function assertInspectorAssignable(inspector: { roleId: string; status: string } | null): void {
  const refusal = inspectorRefusal(inspector);
  if (refusal) throw new ValidationError(refusal, [{ path: 'inspector_user_id', message: refusal }]);
}

/**
 * The project form's rules (spec 001 §5), answered together as field issues: the region's
 * address and time zone, coordinates, interval, dates in the project's zone (only in a zone the
 * region allows), the template's conditional options and the document types. Then the fields as
 * a project stores them. `checkNextInspectionDate` false leaves the next inspection date out of
 * "not before today" (Edit Project, when it was left as it was).
 */
export function projectFormFields(
  deps: Pick<Deps, 'region' | 'now'>,
  body: ProjectFormBody,
  templateOptions: TemplateProjectOptions,
  checkNextInspectionDate = true,
) {
  const address = body.address ?? {};
  const zoneIssues = timeZoneIssues(deps.region, body.timezone);
  const { options, issues: optionIssues } = resolveProjectOptions(templateOptions, body);
  const { docTypes, issues: docTypeIssues } = projectDocTypes(body.docTypes ?? []);
  assertNoIssues([
    ...coordinateIssues(body.latitude, body.longitude),
    ...routineIntervalIssues(body.routine_interval),
    ...addressIssues(deps.region, address, { prefix: 'address.', required: false }),
    ...zoneIssues,
    // "Today" is the project's: checked only in a zone the region allows.
    ...(zoneIssues.length === 0
      ? projectDateIssues(
          checkNextInspectionDate ? body : { ...body, next_inspection_date: null },
          body.timezone,
          deps.now(),
        )
      : []),
    ...optionIssues,
    ...docTypeIssues,
    ...(body.permit ? permitIssues(body.permit, deps.region) : []),
    ...permitNumberIssues(templateOptions.cgp, body.permit_number),
  ]);
  return {
    name: body.name,
    permittee: blankToNull(body.permittee),
    address: {
      street_1: blankToNull(address.street_1),
      city: blankToNull(address.city),
      state_id: blankToNull(address.state_id),
      country_id: blankToNull(address.country_id),
      zip: normalizePostalCode(deps.region, address.zip),
      latitude: body.latitude,
      longitude: body.longitude,
    },
    timezone: body.timezone,
    inspector_user_id: body.inspector_user_id,
    start_date: body.start_date ?? null,
    end_date: body.end_date ?? null,
    next_inspection_date: body.next_inspection_date ?? null,
    routine_interval: routineIntervalDays(body.routine_interval),
    ...options,
    // Absent: the fixed interval on create (projectPermit), the stored permit kept on edit.
    ...(body.permit ? { permit: normalizedPermit(body.permit) } : {}),
    permit_number: templateOptions.cgp ? null : blankToNull(body.permit_number),
    docTypes,
    notes: blankToNull(body.notes),
  };
}
