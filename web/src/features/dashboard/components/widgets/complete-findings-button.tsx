import { useEffect, useRef, useState } from 'react';
import { Button, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../../config/paths';
import { showActionFailure } from '../../../../components/action-failure';
import { inspectionWithOpenFindings } from '../../api/dashboard';

export const OPEN_FINDINGS_ELSEWHERE =
  "None of the site's newest inspections holds an open finding: the site's inspections are opened instead.";

/**
 * The Open Findings variant's action (spec 000 §2): Complete Findings opens
 * /inspection/{inspectionId}/findings of the inspection holding the site's open findings, looked
 * up when pressed, so the widget's rows cost nothing more. It stays focusable while it looks
 * (aria-disabled, not disabled), and does nothing once the user has left the dashboard.
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
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  const complete = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const inspectionId = await inspectionWithOpenFindings(divisionId, projectId);
      if (!mounted.current) return;
      if (inspectionId) return void navigate(paths.app.inspection.getHref(inspectionId, 'findings'));
      notifications.show({ color: 'yellow', message: OPEN_FINDINGS_ELSEWHERE });
      void navigate(paths.app.project.getHref(divisionId, projectId, 'inspections'));
    } catch (error) {
      if (!mounted.current) return;
      showActionFailure(error);
      setBusy(false);
    }
  };
  return (
    <Button
      size="compact-xs"
      variant="light"
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      rightSection={busy ? <Loader size={10} aria-hidden /> : null}
      aria-label={`Complete Findings ${siteName}`}
      onClick={() => void complete()}
    >
      Complete Findings
    </Button>
  );
}
