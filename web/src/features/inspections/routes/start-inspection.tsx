import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { createInspection } from '../api/inspections';

/**
 * /projects/{projectId}/start-inspection (spec 000 §2, 0018): opens today's routine inspection
 * when it exists, else starts it, then goes to its questionnaire. With ?type=post-storm (Inspections
 * Due's post-storm row, issue 23) it starts a Post Storm inspection, which settles the due.
 */
export default function StartInspectionRoute() {
  const { divisionId = '', projectId = '' } = useParams();
  const postStorm = useSearchParams()[0].get('type') === 'post-storm';
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      if (postStorm) {
        const { id } = await createInspection(divisionId, projectId, 'Post Storm');
        void navigate(paths.app.inspection.getHref(id, 'questionnaire'), { replace: true });
        return;
      }
      const page = await callApi(inspectionsRoutes.listProjectInspections, {
        divisionId,
        params: { id: projectId },
        query: {},
      });
      const id = page.dueToday.inspectionId ?? (await createInspection(divisionId, projectId, 'Routine')).id;
      void navigate(paths.app.inspection.getHref(id, 'questionnaire'), { replace: true });
    })().catch((failure: unknown) => setError(errorMessage(failure, 'An unknown error has occurred')));
  }, [divisionId, projectId, navigate, postStorm]);
  return (
    <Stack>
      <PageHeader title="Start Inspection" />
      {error ? (
        <Alert color="red">{error}</Alert>
      ) : (
        <Group>
          <Loader size="sm" />
          <Text>{postStorm ? 'Starting the post-storm inspection…' : 'Starting today’s inspection…'}</Text>
        </Group>
      )}
    </Stack>
  );
}
