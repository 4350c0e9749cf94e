import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCertificate,
  IconChartBar,
  IconClipboardList,
  IconListCheck,
  IconTool,
  IconUsersGroup,
} from '@tabler/icons-react';
import { ComingSoon } from '../../../components/coming-soon';
import { PageHeader } from '../../../components/page-header';
import { useCurrentDivisionId, useSession } from '../../../lib/auth';
import { hasPermission } from '../../../lib/page-access';
import { WelcomeBanner } from '../components/welcome-banner';

/** The widgets of spec 000 §2, named so the placeholder shows what the dashboard work brings. */
const WIDGETS = [
  {
    icon: IconCertificate,
    name: 'Certifications Due',
    text: 'Inspections eligible for certification, certified in bulk.',
  },
  { icon: IconChartBar, name: 'Findings Overview', text: 'Findings per site: averages and days to correct.' },
  {
    icon: IconListCheck,
    name: 'Open Findings',
    text: 'Open findings per site and how long they have been open.',
  },
  { icon: IconUsersGroup, name: 'Team Management', text: 'Who inspects what, with re-assignment.' },
  { icon: IconClipboardList, name: 'Inspections Due', text: 'What is due today, past due and coming up.' },
  {
    icon: IconCalendarEvent,
    name: 'Inspection Calendar',
    text: 'On-time, late and missed inspections by month.',
  },
];

function WidgetPreview({ icon: Icon, name, text }: (typeof WIDGETS)[number]) {
  return (
    <Paper p="md" radius="md" bg="white" style={{ borderStyle: 'dashed' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="md" size={36}>
          <Icon size={20} stroke={1.6} />
        </ThemeIcon>
        <div>
          <Text fw={600} fz="sm">
            {name}
          </Text>
          <Text fz="xs" c="dimmed">
            {text}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** /divisions/{divisionId}/dashboard: the contractor variant for BMP Contractors who may read Dashboard (spec 000 §2). */
export default function DashboardRoute() {
  const profile = useSession();
  const divisionId = useCurrentDivisionId();
  const division = profile.divisions.find((d) => d.id === divisionId);
  const contractor = profile.roleName === 'BMP Contractor' && hasPermission(profile, 'read', 'Dashboard');

  return (
    <Stack gap="lg">
      <PageHeader crumbs={[{ label: 'Dashboard' }]} title="Dashboard" />
      <WelcomeBanner
        firstName={profile.first_name}
        divisionName={division?.name ?? null}
        roleName={profile.roleName}
        region={profile.appConstants.region}
      />
      {contractor ? (
        <ComingSoon
          title="Contractor dashboard"
          icon={<IconTool size={26} stroke={1.6} />}
          description="Your contractor view will list the findings assigned to your crews, the sites they are on and what is due. It arrives with the dashboard work."
          features={[
            'Open findings to correct, by site',
            'Completing findings with photos',
            'Sites you maintain and their next inspections',
          ]}
        />
      ) : (
        <ComingSoon
          title="Dashboard widgets"
          icon={<IconChartBar size={26} stroke={1.6} />}
          description="The widgets below arrive with the dashboard work, together with the weather forecast for your location. You will be able to switch them on or off, reorder and resize them."
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" maw={1000}>
            {WIDGETS.map((widget) => (
              <WidgetPreview key={widget.name} {...widget} />
            ))}
          </SimpleGrid>
        </ComingSoon>
      )}
    </Stack>
  );
}
