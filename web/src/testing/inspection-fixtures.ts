import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import type { ApiResponse } from '../lib/api-client';
import { ok } from './api';

/** Inspection fixtures shared by the screens' tests; `ok` holds them to the contract. */

type InspectionCard = ApiResponse<typeof inspectionsRoutes.listProjectInspections>['pageData'][number];

/** An inspection card of project p1 (spec 000 §2 project inspections tab), complete and certified. */
export function inspectionCard(number: number, change: Partial<InspectionCard> = {}): InspectionCard {
  return {
    id: `i${number}`,
    number,
    created_date: '2026-03-02T09:30',
    type: 'Routine',
    status: 'complete',
    project_id: 'p1',
    template_id: 'routine-stormwater',
    certification_date: '2026-03-02',
    compliance_date: null,
    acknowledgement_date: null,
    inspector: { id: 'u1', name: 'Ines Carter' },
    inspection_template: {
      id: 'routine-stormwater',
      name: 'Routine Stormwater Inspection',
      version: 1,
      kind: 'standard',
      has_acknowledgement: false,
      has_compliance_cert: true,
    },
    findings: [
      { code: 'CA', name: 'Corrective Action', color: '#E03131', total: 2, open: 1 },
      { code: 'MI', name: 'Maintenance Item', color: '#F08C00', total: 1, open: 0 },
    ],
    openRequiredCount: 1,
    editable: true,
    eligibleForCompliance: false,
    createdAt: '2026-03-02T09:30:00.000Z',
    version: 1,
    ...change,
  };
}

/** GET /api/projects/{id}/inspections answering `cards`, with nothing due today. */
export function projectInspectionsPage(
  cards: InspectionCard[],
  more: {
    action?: 'Start Inspection' | 'Complete Inspection' | null;
    allowed?: boolean;
    reason?: string | null;
  } = {},
) {
  return ok(inspectionsRoutes.listProjectInspections, {
    pageData: cards,
    paginationState: { pageSize: 10, numModels: cards.length, nextCursor: null },
    dueToday: { action: more.action ?? null, inspectionId: null },
    creation: {
      allowed: more.allowed ?? true,
      reason: more.reason ?? null,
      type: cards.length === 0 ? 'Routine' : 'Post Storm',
    },
    next_inspection_date: '2026-03-09',
  });
}

/** GET /api/inspections/{id}: the card of `inspectionCard` with its project (North Park, p1). */
export function inspectionDetail(number: number, change: Partial<InspectionCard> = {}) {
  return {
    ...inspectionCard(number, change),
    project: {
      id: 'p1',
      name: 'North Park',
      client: { id: 'c1', name: 'Acme Homes' },
      timezone: 'Europe/London',
      start_date: '2026-01-05',
      inspection_compliance_required: true,
      archivedAt: null,
      division_id: 'north-region',
      imagesDisabled: false,
      correctiveActionDeadlines: false,
    },
  };
}
