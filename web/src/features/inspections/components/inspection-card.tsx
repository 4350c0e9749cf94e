import { Link } from 'react-router-dom';
import { Badge, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { displayDate } from '@stormline/domain/local-date';
import type { InspectionCard as Card } from '../api/inspections';
import classes from './inspection-card.module.css';

function StatusBadge({ label, date, applies }: { label: string; date: string | null; applies: boolean }) {
  if (!applies) return null;
  return (
    <Badge
      variant="light"
      radius="sm"
      color={date ? 'teal' : 'gray'}
      title={date ? `${label}: ${displayDate(date)}` : `${label}: pending`}
    >
      {label}: {date ? displayDate(date) : 'Pending'}
    </Badge>
  );
}

/**
 * An inspection's card on the project tab (spec 000 §2): number, date and type, the questions'
 * status, Certification, Acknowledgement and Compliance, and the CA and MI counts with a marker
 * while some are incomplete. The whole card opens the inspection.
 */
export function InspectionCard({
  inspection,
  href,
  complianceRequired,
  selection,
}: {
  inspection: Card;
  href: string;
  complianceRequired: boolean;
  selection: { checked: boolean; onChange: (on: boolean) => void } | null;
}) {
  const counts = inspection.findings.filter((f) => f.code === 'CA' || f.code === 'MI');
  return (
    <Paper radius="lg" p="md" withBorder className={classes.card}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            {selection && (
              <Checkbox
                className={classes.above}
                mt={4}
                aria-label={`Select inspection #${inspection.number}`}
                checked={selection.checked}
                onChange={(e) => selection.onChange(e.currentTarget.checked)}
              />
            )}
            <div>
              <Text component={Link} to={href} fw={600} c="harbor.9" td="none" className={classes.link}>
                Inspection #{inspection.number}
              </Text>
              <Text fz="sm" c="dimmed">
                {displayDate(inspection.created_date)} {inspection.created_date.slice(11, 16)} ·{' '}
                {inspection.type}
              </Text>
            </div>
          </Group>
          <Badge
            variant="outline"
            radius="sm"
            color={inspection.status === 'complete' ? 'teal' : 'orange'}
            style={{ flexShrink: 0 }}
          >
            Questions: {inspection.status === 'complete' ? 'Complete' : 'In progress'}
          </Badge>
        </Group>
        <Group gap={6}>
          <StatusBadge label="Certification" date={inspection.certification_date} applies />
          <StatusBadge
            label="Acknowledgement"
            date={inspection.acknowledgement_date}
            applies={inspection.inspection_template.has_acknowledgement}
          />
          <StatusBadge
            label="Compliance"
            date={inspection.compliance_date}
            applies={inspection.inspection_template.has_compliance_cert && complianceRequired}
          />
        </Group>
        <Group gap="md">
          {counts.map((c) => (
            <Group key={c.code} gap={4}>
              <span
                aria-hidden
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  background: c.color,
                  display: 'inline-block',
                }}
              />
              <Text fz="sm">
                {c.code === 'CA' ? 'Corrective Actions' : 'Maintenance Items'}: {c.total}
              </Text>
              {c.open > 0 && (
                <Badge size="sm" color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
                  {c.open} incomplete
                </Badge>
              )}
            </Group>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
