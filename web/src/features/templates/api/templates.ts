import useSWR, { mutate, useSWRConfig } from 'swr';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { callApi, type ApiBody, type ApiResponse, type CallOptions } from '../../../lib/api-client';
import { cacheKey, isResourceKey } from '../../../lib/cache-keys';
import { useDivisionId } from '../../../lib/division-context';
import { saveFile } from '../../../lib/save-file';
import { useServerList } from '../../../lib/list/server-list';

export type TemplateRow = ApiResponse<typeof templatesRoutes.listTemplates>['pageData'][number];
export type EditorView = ApiResponse<typeof templatesRoutes.getTemplate>;
export type TemplateContent = EditorView['content'];

const TEMPLATES_LIST = 'inspection-templates/list';
const TEMPLATE_EDITOR = 'inspection-templates/editor';

export const templateKey = (divisionId: string, id: string) => cacheKey(divisionId, TEMPLATE_EDITOR, id);

/** Every cached page of the templates list, in any division: a create, copy, rename or delete changes them. */
export const refreshTemplatesList = () => mutate(isResourceKey(TEMPLATES_LIST));

/** /inspection-templates: the division's templates by name, a page at a time; search in the URL. */
export function useTemplatesList() {
  const divisionId = useDivisionId();
  return useServerList({
    resource: TEMPLATES_LIST,
    divisionId,
    load: ({ cursor, s }) => callApi(templatesRoutes.listTemplates, { divisionId, query: { cursor, s } }),
  });
}

/** GET /api/inspection-templates/{id}: what the editor shows (the draft, or a system template's version). */
export function useTemplateEditorView(templateId: string) {
  const divisionId = useDivisionId();
  return useSWR(templateKey(divisionId, templateId), () =>
    callApi(templatesRoutes.getTemplate, { divisionId, params: { id: templateId } }),
  );
}

/** The editor's calls: every one answers the template's editor view, which replaces the cached one. */
type EditorRoute = {
  [K in keyof typeof templatesRoutes]: ApiResponse<(typeof templatesRoutes)[K]> extends EditorView
    ? EditorView extends ApiResponse<(typeof templatesRoutes)[K]>
      ? K
      : never
    : never;
}[keyof typeof templatesRoutes];

/**
 * One edit of a template (add a group, save a question, switch a finding type's Include...): the
 * server applies it to the draft and answers the whole editor view, which the page then shows.
 * A refusal throws the server's message, for the form or dialog that made the call to show.
 */
export function useTemplateEdit(templateId: string) {
  const divisionId = useDivisionId();
  // The cache the page reads from (a test's own provider too), not only SWR's global one.
  const { mutate: setCached } = useSWRConfig();
  return async function edit<K extends EditorRoute>(
    routeName: K,
    options: Omit<CallOptions<(typeof templatesRoutes)[K]>, 'divisionId'>,
  ): Promise<EditorView> {
    const view = (await callApi(templatesRoutes[routeName], {
      ...options,
      divisionId,
    } as never)) as EditorView;
    await setCached(templateKey(divisionId, templateId), view, { revalidate: false });
    return view;
  };
}

export type TemplateCreateInput = ApiBody<typeof templatesRoutes.createTemplate>;

/** POST /api/inspection-templates: an empty template, or a Copy of one of the division's. */
export async function createTemplate(divisionId: string, body: TemplateCreateInput): Promise<EditorView> {
  const view = await callApi(templatesRoutes.createTemplate, { divisionId, body });
  await mutate(templateKey(divisionId, view.id), view, { revalidate: false });
  void refreshTemplatesList();
  return view;
}

/** DELETE /api/inspection-templates/{id}: refused while projects or open inspections use it. */
export async function deleteTemplate(divisionId: string, templateId: string): Promise<string> {
  const { message } = await callApi(templatesRoutes.deleteTemplate, {
    divisionId,
    params: { id: templateId },
  });
  await mutate(templateKey(divisionId, templateId), undefined, { revalidate: false });
  void refreshTemplatesList();
  return message;
}

/** The editor's one way to change a template (useTemplateEdit), as the tabs receive it. */
export type TemplateEdit = ReturnType<typeof useTemplateEdit>;

/** What every tab of the editor is given. */
export interface EditorTabProps {
  view: EditorView;
  edit: TemplateEdit;
  /** A user template the user may update; a system template, or read-only access, shows without actions. */
  editable: boolean;
}

/** Saves the template as a JSON file (GET .../export): the draft, or a system template's current version. */
export async function exportTemplate(
  divisionId: string,
  view: Pick<EditorView, 'id' | 'name'>,
): Promise<void> {
  const file = await callApi(templatesRoutes.exportTemplate, { divisionId, params: { id: view.id } });
  const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  saveFile(href, `${view.name.replace(/[^\w .-]+/g, '_').trim() || 'template'}.template.json`);
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The refusal of a file that is not JSON at all, before the server is asked. */
export const NOT_JSON = 'This file is not a template file: it is not JSON.';

/**
 * POST /api/inspection-templates/import: a template file becomes a new, unpublished template of
 * this division. The server refuses a wrong field naming it ('template.question_groups.0...').
 */
export async function importTemplate(divisionId: string, file: File): Promise<EditorView> {
  let body: unknown;
  try {
    body = JSON.parse(await file.text());
  } catch {
    throw new Error(NOT_JSON);
  }
  const view = await callApi(templatesRoutes.importTemplate, { divisionId, body: body as never });
  void refreshTemplatesList();
  return view;
}
