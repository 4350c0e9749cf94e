import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { createInspection } from '../api/inspections';

/**
 * /projects/{projectId}/start-inspection (spec 000 §2, 0018): opens today's routine inspection
 * when it exists, else starts it, then goes to its questionnaire.
 */
export default function StartInspectionRoute() {
  const { divisionId = '', projectId = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      const page = await callApi(inspectionsRoutes.listProjectInspections, {
        divisionId,
        params: { id: projectId },
        query: {},
      });
      const id = page.dueToday.inspectionId ?? (await createInspection(divisionId, projectId, 'Routine')).id;
      void navigate(paths.app.inspection.getHref(id, 'questionnaire'), { replace: true });
    })().catch((failure: unknown) => setError(errorMessage(failure, 'An unknown error has occurred')));
  }, [divisionId, projectId, navigate]);
  return (
    <Stack>
      <PageHeader title="Start Inspection" />
      {error ? (
        <Alert color="red">{error}</Alert>
      ) : (
        <Group>
          <Loader size="sm" />
          <Text>Starting today’s inspection…</Text>
        </Group>
      )}
    </Stack>
  );
}
