import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { postStormIds } from '@stormline/contract/post-storm';
import type { AnswerValue } from '@stormline/domain/questionnaire-rules';
import { isAnswered } from '@stormline/domain/questionnaire-rules';
import type { Question } from '@stormline/domain/template-model';
import { PageHeader } from '../../../components/page-header';
import { ServerError } from '../../../components/server-error';
import { paths } from '../../../config/paths';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { errorMessage } from '../../../lib/errors';
import { refreshInspections } from '../api/inspections';
import { QuestionField } from '../../../components/questionnaire/question-field';

type PostStormProject = ApiResponse<typeof projectsRoutes.getPostStormQuestions>['projects'][number];

/** Spec 002 §9: back to the list 1.5 s after the success message. */
export const RETURN_DELAY_MS = 1500;
export const ALL_REQUIRED = 'Please answer every post-storm question';

/** A post-storm question as the questionnaire's field renders it. */
function asQuestion(q: PostStormProject['questions'][number]): Question {
  return {
    id: q.id,
    input_label: q.label,
    description: q.description,
    question_type_id: q.type,
    sort_order: 0,
    questionWidth: 100,
    required: true,
    features: [],
    options: q.options.map((o) => ({ ...o, description: null, child_questions: [] })),
  };
}

/**
 * /divisions/{id}/projects/post-storm?pid=a+b (spec 002 §2 Post-storm bulk entry): one form per
 * project with its post-storm questions, all required; saved at once, a success message, and back
 * to the projects list after 1.5 s. Back to the list when pid is missing or names nothing.
 */
export default function PostStormRoute() {
  const { divisionId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ids = postStormIds(params.get('pid') ?? '');
  const { data, error } = useSWR(
    ids.length > 0 ? cacheKey(divisionId, 'projects/post-storm', ids.join('+')) : null,
    () => callApi(projectsRoutes.getPostStormQuestions, { divisionId, query: { pid: ids.join('+') } }),
  );
  const [answers, setAnswers] = useState<Record<string, Record<string, AnswerValue>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const listHref = paths.app.projects.getHref(divisionId);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => void navigate(listHref), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate, listHref]);

  if (ids.length === 0 || error || (data && data.projects.length === 0))
    return <Navigate to={listHref} replace />;
  if (!data)
    return (
      <Stack>
        <Skeleton h={36} w={320} />
        <Skeleton h={160} />
      </Stack>
    );

  const missing = data.projects.some((p) =>
    p.questions.some((q) => !isAnswered(answers[p.id]?.[q.id] ?? null)),
  );
  const blocked = data.projects.filter((p) => p.blockedReason);

  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Projects', href: listHref }, { label: 'Post-Storm Inspections' }]}
        title="Create Multiple Post-Storm Inspections"
        description="Answer the post-storm questions of each project; every answer is required."
      />
      <Stack>
        {data.projects.map((project) => (
          <Paper key={project.id} radius="lg" p="md" withBorder>
            <Title order={2} fz="lg">
              {project.name}
            </Title>
            <Text fz="sm" c="dimmed" mb="sm">
              {project.clientName}
            </Text>
            {project.blockedReason ? (
              <Alert color="orange" variant="light">
                {project.blockedReason}
              </Alert>
            ) : (
              <Stack gap="sm">
                {project.questions.map((q) => (
                  <QuestionField
                    key={q.id}
                    question={asQuestion(q)}
                    value={answers[project.id]?.[q.id]}
                    onChange={(value) =>
                      setAnswers((all) => ({ ...all, [project.id]: { ...all[project.id], [q.id]: value } }))
                    }
                    readOnly={saved}
                    error={null}
                    nowLocal={project.nowLocal}
                    findingOffer={[]}
                  />
                ))}
              </Stack>
            )}
          </Paper>
        ))}
        {formError && <ServerError>{formError}</ServerError>}
        {saved && (
          <Alert color="teal" variant="light">
            The post-storm inspections were created.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(listHref)}>
            Cancel
          </Button>
          <Button
            loading={busy}
            disabled={saved || blocked.length === data.projects.length}
            onClick={async () => {
              if (missing) return setFormError(ALL_REQUIRED);
              setBusy(true);
              setFormError(null);
              try {
                await callApi(projectsRoutes.createPostStormInspections, {
                  divisionId,
                  body: {
                    items: data.projects
                      .filter((p) => !p.blockedReason)
                      .map((p) => ({
                        project_id: p.id,
                        answers: Object.entries(answers[p.id] ?? {}).map(([questionId, value]) => ({
                          questionId,
                          value,
                        })),
                      })),
                  },
                });
                await refreshInspections();
                setSaved(true);
              } catch (failure) {
                setFormError(errorMessage(failure, 'Unknown Error'));
              } finally {
                setBusy(false);
              }
            }}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </>
  );
}
