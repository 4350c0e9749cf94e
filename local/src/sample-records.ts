import type { ClientFields } from '@stormline/data/clients';
import type { NewProject } from '@stormline/data/projects';

/**
 * Records as the data layer takes them, for the tests and benches that write below the API (so
 * they do not each spell out every field, and a new field is added in one place).
 */

/** A client with a Leeds address and no defaults of its own. */
export function sampleClient(name: string): ClientFields {
  return {
    name,
    address: {
      street_1: '1 Quay',
      street_2: null,
      city: 'Leeds',
      state_id: null,
      country_id: 'england',
      zip: 'LS1 4DL',
      phone: null,
      phone_ext: null,
    },
    default_finding_observation: null,
    disable_images: false,
  };
}

/**
 * A site in Leeds with weekly routine inspections that requires compliance certification of its
 * inspections and findings, no template, inspector or next date; `fields` names it and sets the rest.
 */
export function sampleProject(
  fields: Pick<NewProject, 'divisionId' | 'client_id' | 'name'> & Partial<NewProject>,
): NewProject {
  return {
    inspection_template_id: null,
    document_group_id: null,
    permittee: null,
    address: {
      street_1: null,
      city: null,
      state_id: null,
      country_id: null,
      zip: null,
      latitude: 53.8,
      longitude: -1.5,
    },
    timezone: 'Europe/London',
    inspector_user_id: null,
    start_date: '2026-01-01',
    end_date: null,
    next_inspection_date: null,
    routine_interval: 7,
    isCcrProject: false,
    inspection_compliance_required: true,
    findingComplianceRequired: true,
    cgp_tracking_id: null,
    docTypes: ['active-site-maps'],
    notes: null,
    ...fields,
  };
}
