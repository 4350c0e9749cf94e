import type { ProjectRecord } from '@stormline/data/projects';
import { getTemplateVersion } from '@stormline/data/templates';
import { allQuestions } from '@stormline/domain/template-model';
import type { Question, TemplateVersion } from '@stormline/domain/template-model';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { readVisibleProject } from './project-access';

export const POST_STORM_MESSAGES = {
  allRequired: 'Please answer every post-storm question',
  noQuestions: 'This project’s inspection form type has no post-storm questions',
} as const;

const POST_STORM_TYPES = new Set(['number', 'text', 'date', 'datetime', 'radio_group']);

/** The post-storm questions of a version, in its order (spec 002 §3 Post-storm question). */
export function postStormQuestions(version: TemplateVersion): Question[] {
  const byId = new Map(allQuestions(version).map((q) => [q.id, q]));
  return version.post_storm_questions
    .map((ref) => byId.get(ref.questionId))
    .filter((q): q is Question => Boolean(q) && POST_STORM_TYPES.has(q!.question_type_id));
}

/** The projects named, each one the caller may see, with its current template version. */
export async function readPostStormProjects(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  ids: readonly string[],
): Promise<{ project: ProjectRecord; version: TemplateVersion | null }[]> {
  return Promise.all(
    ids.map(async (id) => {
      const project = await readVisibleProject(deps, caller, divisionId, id);
      const version = project.inspection_template_id
        ? await getTemplateVersion(deps.db, divisionId, project.inspection_template_id)
        : null;
      return { project, version };
    }),
  );
}
