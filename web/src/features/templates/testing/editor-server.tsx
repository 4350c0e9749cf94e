import type { ComponentType } from 'react';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { AppError } from '@stormline/domain/errors';
import {
  addAcknowledgement,
  addFindingType,
  addGroup,
  addQuestion,
  swapGroups,
  updateQuestion,
  deleteFindingType,
  emptyContent,
  setAttestations,
  setComplianceCertificate,
  setSignatureLines,
  updateFindingType,
  type TemplateContent,
} from '@stormline/domain/template-editing';
import type { ApiBody } from '../../../lib/api-client';
import {
  useTemplateEdit,
  useTemplateEditorView,
  type EditorTabProps,
  type EditorView,
} from '../api/templates';
import { UnsavedChangesProvider } from '../components/unsaved-changes';
import { ok, refuse, serveApi, type Answer } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';

export const TEMPLATE_ID = 'harbour';

/**
 * A user template's draft as a new one starts (the domain's emptyContent: the static finding types
 * Corrective Action, Maintenance Item and Achievement, one inspection line), changed by `change`.
 */
export function draftContent(change: (content: TemplateContent) => TemplateContent = (c) => c) {
  let n = 0;
  return change(emptyContent('Harbour Road template', () => `${TEMPLATE_ID}_${++n}`));
}

function viewOf(content: TemplateContent, version: number): EditorView {
  return {
    id: TEMPLATE_ID,
    name: content.name,
    isUserTemplate: true,
    currentVersion: 1,
    draft: { version, unpublished: version > 1, updatedAt: '2026-03-02T09:30:00.000Z' },
    content,
    warnings: [],
    versions: [],
  };
}

/**
 * The editor's calls served as the server applies them: the domain's own functions change the
 * draft, and their refusals answer 400 with the spec's message. `server.content` is the draft as
 * the server holds it, for a test to change as another author would.
 */
export async function serveTemplateEditor(initial: TemplateContent) {
  const server = { content: initial, version: 1 };
  let ids = 100;
  const newId = () => `${TEMPLATE_ID}_${++ids}`;
  const apply = (change: (content: TemplateContent) => TemplateContent): Answer => {
    try {
      server.content = change(server.content);
    } catch (failure) {
      if (failure instanceof AppError) return refuse(failure.status, failure.message);
      throw failure;
    }
    server.version += 1;
    return ok(templatesRoutes.getTemplate, viewOf(server.content, server.version));
  };
  type Body<K extends keyof typeof templatesRoutes> = ApiBody<(typeof templatesRoutes)[K]>;
  const api = await serveApi([
    [
      templatesRoutes.getTemplate,
      () => ok(templatesRoutes.getTemplate, viewOf(server.content, server.version)),
    ],
    [
      templatesRoutes.updateFindingType,
      ({ body }) => {
        const { id, ...input } = body as Body<'updateFindingType'>;
        return apply((c) => updateFindingType(c, id, input));
      },
    ],
    [
      templatesRoutes.createFindingType,
      ({ body }) => {
        const { inspection_template_id: _template, ...input } = body as Body<'createFindingType'>;
        return apply((c) => addFindingType(c, newId(), input));
      },
    ],
    [
      templatesRoutes.deleteFindingType,
      ({ body }) => apply((c) => deleteFindingType(c, (body as Body<'deleteFindingType'>).id)),
    ],
    [
      templatesRoutes.updateTemplateSignatures,
      ({ body }) => {
        const { group, lines, attestations } = body as Body<'updateTemplateSignatures'>;
        return apply((c) => {
          const lined = setSignatureLines(c, group, lines, newId);
          return attestations ? setAttestations(lined, group, attestations, newId) : lined;
        });
      },
    ],
    [
      templatesRoutes.createQuestionGroup,
      ({ body }) => {
        const { order, ...input } = body as Body<'createQuestionGroup'>;
        return apply((c) => addGroup(c, newId(), input, order));
      },
    ],
    [
      templatesRoutes.swapQuestionGroups,
      ({ body }) => {
        const { groupId1, groupId2 } = body as Body<'swapQuestionGroups'>;
        return apply((c) => swapGroups(c, groupId1, groupId2));
      },
    ],
    [
      templatesRoutes.createQuestion,
      ({ body }) => {
        const { groupId, parentQuestionId, optionId, ...input } = body as Body<'createQuestion'>;
        const under = parentQuestionId && optionId ? { questionId: parentQuestionId, optionId } : undefined;
        return apply((c) => addQuestion(c, { groupId, under }, newId(), input, newId));
      },
    ],
    [
      templatesRoutes.updateQuestion,
      ({ params, body }) =>
        apply((c) => updateQuestion(c, (params as { id: string }).id, body as Body<'updateQuestion'>, newId)),
    ],
    [
      templatesRoutes.updateTemplateAcknowledgement,
      () => apply((c) => addAcknowledgement(c, newId(), newId())),
    ],
    [
      templatesRoutes.updateTemplate,
      ({ body }) => {
        const { name, has_compliance_cert } = body as Body<'updateTemplate'>;
        return apply((c) => {
          const renamed = { ...c, name };
          return has_compliance_cert === undefined
            ? renamed
            : setComplianceCertificate(renamed, has_compliance_cert);
        });
      },
    ],
  ]);
  return { ...api, server };
}

/** Routes of the requests the tab sent, in order (the reads of the view left out). */
export const editsOf = (requests: { route: string }[]) =>
  requests.map((r) => r.route).filter((route) => route !== templatesRoutes.getTemplate.key);

function TabOnPage({ Tab, editable }: { Tab: ComponentType<EditorTabProps>; editable: boolean }) {
  const { data: view } = useTemplateEditorView(TEMPLATE_ID);
  const edit = useTemplateEdit(TEMPLATE_ID);
  return view ? <Tab view={view} edit={edit} editable={editable} /> : <p>Loading the template</p>;
}

/** One tab of the editor as the page gives it: the cached view, its edit, the unsaved-changes guard. */
export function renderEditorTab(Tab: ComponentType<EditorTabProps>, { editable = true } = {}) {
  return renderScreen(
    <UnsavedChangesProvider>
      <TabOnPage Tab={Tab} editable={editable} />
    </UnsavedChangesProvider>,
    {
      url: `/divisions/north-region/inspection-templates/${TEMPLATE_ID}`,
      profile: profileOf('Admin'),
      divisionId: 'north-region',
    },
  );
}
