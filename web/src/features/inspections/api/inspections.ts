import { useEffect, useRef } from 'react';
import useSWR, { mutate, type ScopedMutator } from 'swr';
import { certificationRoutes } from '@stormline/contract/areas/certification';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { questionsRoutes } from '@stormline/contract/areas/questions';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { callApi, type ApiBody, type ApiResponse } from '../../../lib/api-client';
import { cacheKey, isResourceKey } from '../../../lib/cache-keys';

export type InspectionsPage = ApiResponse<typeof inspectionsRoutes.listProjectInspections>;
export type InspectionCard = InspectionsPage['pageData'][number];
export type InspectionDetail = ApiResponse<typeof inspectionsRoutes.getInspection>;
export type Questionnaire = ApiResponse<typeof questionsRoutes.getInspectionQuestions>;
export type FindingRow = ApiResponse<typeof findingsRoutes.listInspectionFindings>['pageData'][number];
export type FindingDetail = ApiResponse<typeof findingsRoutes.getFinding>;
export type Certification = ApiResponse<typeof certificationRoutes.getCertification>;
export type InspectionSave = ApiBody<typeof inspectionsRoutes.updateInspection>;
export type FindingInput = ApiBody<typeof findingsRoutes.createFinding>;

export const inspectionsPageKey = (
  divisionId: string,
  projectId: string,
  type: string | null,
  cursor: string | null,
) => cacheKey(divisionId, 'inspections/project', projectId, type, cursor);
export const inspectionKey = (divisionId: string, id: string) => cacheKey(divisionId, 'inspections/one', id);
const questionsKey = (divisionId: string, id: string) => cacheKey(divisionId, 'inspections/questions', id);
const findingsKey = (divisionId: string, id: string, type: string | null) =>
  cacheKey(divisionId, 'inspections/findings', id, type);
const certKey = (divisionId: string, id: string) => cacheKey(divisionId, 'inspections/cert', id);

/** After a write: every view of inspections and findings reads again (cards, detail, tabs). */
export async function refreshInspections() {
  await Promise.all(
    [
      'inspections/project',
      'inspections/one',
      'inspections/findings',
      'inspections/finding',
      'inspections/cert',
      'projects/one',
      'projects/log',
    ].map((resource) => mutate(isResourceKey(resource))),
  );
}

export function useProjectInspections(
  divisionId: string,
  projectId: string,
  type: string | null,
  cursor: string | null,
) {
  return useSWR(inspectionsPageKey(divisionId, projectId, type, cursor), () =>
    callApi(inspectionsRoutes.listProjectInspections, {
      divisionId,
      params: { id: projectId },
      query: {
        ...(type ? { type: type as 'Routine' } : {}),
        ...(cursor ? { cursor } : {}),
      },
    }),
  );
}

export async function createInspection(divisionId: string, projectId: string, type: InspectionCard['type']) {
  const created = await callApi(inspectionsRoutes.createInspection, {
    divisionId,
    body: { projectId, type },
  });
  await refreshInspections();
  return created;
}

export function useInspection(divisionId: string, id: string) {
  return useSWR(inspectionKey(divisionId, id), () =>
    callApi(inspectionsRoutes.getInspection, { divisionId, params: { id } }),
  );
}

export async function deleteInspection(divisionId: string, id: string) {
  await callApi(inspectionsRoutes.deleteInspection, { divisionId, params: { id } });
  await refreshInspections();
}

export async function reopenInspection(divisionId: string, id: string) {
  await mutate(
    inspectionKey(divisionId, id),
    await callApi(inspectionsRoutes.reopenInspection, { divisionId, params: { id } }),
    false,
  );
  await mutate(questionsKey(divisionId, id));
  await refreshInspections();
}

/**
 * The questionnaire, read again each time a screen opens it over a cached copy: someone else may
 * have answered since (0030). SWR alone skips that read while its last one is recent.
 */
export function useQuestionnaire(divisionId: string, id: string) {
  const answer = useSWR(questionsKey(divisionId, id), () =>
    callApi(questionsRoutes.getInspectionQuestions, { divisionId, params: { id } }),
  );
  const openedOverCache = useRef(answer.data !== undefined);
  const { mutate: readAgain } = answer;
  useEffect(() => {
    if (openedOverCache.current) void readAgain();
  }, [readAgain]);
  return answer;
}

/**
 * PUT /api/inspections/{id}: the changed answers and comments at the version read. The saved
 * values go into the cached questionnaire at once, so a screen opened before a fresh copy
 * arrives shows them, never the copy from before the save (issue 24 item 1).
 */
export async function saveInspection(
  divisionId: string,
  id: string,
  body: InspectionSave,
  cache: ScopedMutator = mutate,
) {
  const saved = await callApi(inspectionsRoutes.updateInspection, { divisionId, params: { id }, body });
  await cache(inspectionKey(divisionId, id), saved.inspection, false);
  await cache<Questionnaire>(
    questionsKey(divisionId, id),
    (cached) => cached && withSaved(cached, body, saved.answersVersion),
    { revalidate: false },
  );
  void refreshInspections();
  return saved;
}

/** The cached questionnaire with a save applied, as the server stores it. */
function withSaved(cached: Questionnaire, body: InspectionSave, answersVersion: number): Questionnaire {
  const answers = new Map(cached.answers.map((a) => [a.questionId, a.value]));
  for (const a of body.answers) answers.set(a.questionId, a.value);
  const comments = new Map(cached.comments.map((c) => [c.questionId, c.comment]));
  for (const c of body.comments ?? []) {
    if (c.comment?.trim()) comments.set(c.questionId, c.comment);
    else comments.delete(c.questionId);
  }
  return {
    ...cached,
    answersVersion,
    answers: [...answers].map(([questionId, value]) => ({ questionId, value })),
    comments: [...comments].map(([questionId, comment]) => ({ questionId, comment })),
  };
}

/** Reads the questionnaire again (after a refused save), and answers the fresh copy. */
export function reloadQuestionnaire(
  divisionId: string,
  id: string,
  cache: ScopedMutator = mutate,
): Promise<Questionnaire | undefined> {
  return cache<Questionnaire>(questionsKey(divisionId, id));
}

export function useInspectionFindings(divisionId: string, id: string, type: string | null) {
  return useSWR(findingsKey(divisionId, id, type), () =>
    callApi(findingsRoutes.listInspectionFindings, {
      divisionId,
      params: { id },
      query: type ? { type } : {},
    }),
  );
}

export function useFindingTypes(divisionId: string, templateId: string, version: number) {
  return useSWR(cacheKey(divisionId, 'templates/finding-types', templateId, version), () =>
    callApi(templatesRoutes.listTemplateFindingTypes, {
      divisionId,
      params: { templateId },
      query: { version: String(version) },
    }),
  );
}

export async function createFinding(divisionId: string, inspectionId: string, body: FindingInput) {
  const created = await callApi(findingsRoutes.createFinding, {
    divisionId,
    params: { id: inspectionId },
    body,
  });
  await refreshInspections();
  return created;
}

export async function completeFindings(
  divisionId: string,
  inspectionId: string,
  body: ApiBody<typeof findingsRoutes.completeFindings>,
) {
  const done = await callApi(findingsRoutes.completeFindings, {
    divisionId,
    params: { id: inspectionId },
    body,
  });
  await refreshInspections();
  return done;
}

export async function addFindingNotes(
  divisionId: string,
  inspectionId: string,
  findingIds: string[],
  comments: string,
) {
  await callApi(findingsRoutes.addFindingNotes, {
    divisionId,
    params: { id: inspectionId },
    body: { findingIds, comments },
  });
  await refreshInspections();
}

export function useCertification(divisionId: string, id: string) {
  return useSWR(certKey(divisionId, id), () =>
    callApi(certificationRoutes.getCertification, { divisionId, params: { id } }),
  );
}

export async function signGroup(
  divisionId: string,
  id: string,
  group: 'inspection' | 'acknowledgement' | 'compliance',
  body: ApiBody<typeof certificationRoutes.signInspection>,
) {
  const state = await callApi(certificationRoutes.signInspection, {
    divisionId,
    params: { id, group },
    body,
  });
  await mutate(certKey(divisionId, id), state, false);
  await refreshInspections();
  return state;
}

/** Edit Finding: the form at the version read ('Updating finding', 'Updated Finding'). */
export async function updateFinding(divisionId: string, finding: FindingDetail, body: FindingInput) {
  await callApi(findingsRoutes.updateFinding, {
    divisionId,
    params: { id: finding.id },
    body: { ...body, version: finding.version },
  });
  await refreshInspections();
}

/** The inspections whose compliance signatures reopening the finding would remove. */
export async function findingReopenImpact(divisionId: string, id: string) {
  return (await callApi(findingsRoutes.getFindingReopenImpact, { divisionId, params: { id } }))
    .affectedInspections;
}

export async function reopenFinding(divisionId: string, id: string) {
  await callApi(findingsRoutes.reopenFinding, { divisionId, params: { id } });
  await refreshInspections();
}

/** An observation (a finding note) edited or removed by its author, or with adminInspectionNotes. */
export async function updateObservation(divisionId: string, id: string, content: string) {
  await callApi(findingsRoutes.updateFindingNote, {
    divisionId,
    params: { type: 'findings', id },
    body: { content },
  });
  await refreshInspections();
}

export async function deleteObservation(divisionId: string, id: string) {
  await callApi(findingsRoutes.deleteFindingNote, { divisionId, params: { type: 'findings', id } });
  await refreshInspections();
}

/** Who inspects (0018 "setInspector"): an assignable user of the division, while editable. */
export async function setInspector(divisionId: string, inspection: InspectionDetail, userId: string) {
  const saved = await callApi(inspectionsRoutes.setInspector, {
    divisionId,
    params: { id: inspection.id, userId },
    body: { projectId: inspection.project.id },
  });
  await refreshInspections();
  return saved;
}
