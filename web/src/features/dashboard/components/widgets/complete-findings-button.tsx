import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../../config/paths';
import { errorMessage } from '../../../../lib/errors';
import { newestInspectionId } from '../../api/dashboard';

export const NO_INSPECTION_TO_COMPLETE = 'This site has no inspection whose findings could be completed.';

/**
 * The Open Findings variant's action (spec 000 §2): Complete Findings opens
 * /inspection/{inspectionId}/findings of the site's newest inspection, which holds its open
 * findings. The inspection is looked up when pressed, so the widget's rows cost nothing more.
 */
export function CompleteFindingsButton({
  divisionId,
  projectId,
  siteName,
}: {
  divisionId: string;
  projectId: string;
  siteName: string;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const complete = async () => {
    setBusy(true);
    try {
      const inspectionId = await newestInspectionId(divisionId, projectId);
      if (inspectionId) return void navigate(paths.app.inspection.getHref(inspectionId, 'findings'));
      notifications.show({ color: 'yellow', message: NO_INSPECTION_TO_COMPLETE });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, 'The inspection could not be opened'),
      });
    }
    setBusy(false);
  };
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={busy}
      aria-label={`Complete Findings ${siteName}`}
      onClick={() => void complete()}
    >
      Complete Findings
    </Button>
  );
}
