import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Button, Skeleton, Stack } from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';
import { paths } from '../../../config/paths';
import { PageHeader } from '../../../components/page-header';
import { useCurrentDivisionId, useSession } from '../../../lib/auth';
import { hasPermission } from '../../../lib/page-access';
import { WelcomeBanner } from '../components/welcome-banner';

import { WeatherStrip } from '../weather/weather-strip';

// The widgets load once the page has rendered: the first load carries the header, the banner and
// the weather strip (docs/decisions/0012), and the widgets' tables, drag and drop and calendars
// follow. The strip comes with the page: lazy, its prompt was the page's largest paint and waited
// for one more request and React's reveal of a second Suspense boundary (docs/decisions/0028).
const DashboardBoard = lazy(() => import('../components/dashboard-board'));

/** /divisions/{divisionId}/dashboard: the widget dashboard, or the contractor's (spec 000 §2; the server says which). */
export default function DashboardRoute() {
  const profile = useSession();
  const divisionId = useCurrentDivisionId();
  const division = profile.divisions.find((d) => d.id === divisionId);
  const mayRead = hasPermission(profile, 'read', 'Dashboard');

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Dashboard' }]}
        title="Dashboard"
        actions={
          divisionId &&
          mayRead && (
            <Button
              component={Link}
              to={paths.app.reports.getHref(divisionId)}
              variant="light"
              leftSection={<IconReportAnalytics size={16} />}
            >
              Compliance report
            </Button>
          )
        }
      />
      <WelcomeBanner
        firstName={profile.first_name}
        divisionName={division?.name ?? null}
        roleName={profile.roleName}
        region={profile.appConstants.region}
      />
      <WeatherStrip />
      {divisionId && mayRead && (
        <Suspense fallback={<Skeleton h={320} radius="lg" aria-label="Loading the widgets" />}>
          <DashboardBoard
            divisionId={divisionId}
            mayCertify={hasPermission(profile, 'all', 'Certify')}
            mayStart={hasPermission(profile, 'update', 'Inspection')}
          />
        </Suspense>
      )}
    </Stack>
  );
}
