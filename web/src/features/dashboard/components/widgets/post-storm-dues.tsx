import { Link } from 'react-router-dom';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCloudRain } from '@tabler/icons-react';
import { paths } from '../../../../config/paths';
import { loadPostStormDues, useWidgetPages, type PostStormDueRow } from '../../api/dashboard';
import classes from './post-storm-dues.module.css';

/**
 * Inspections Due's post-storm rows (issue 23, docs/decisions/0048): each site's open post-storm
 * due, by deadline, with the rain that made it due and Start Inspection, which starts a Post Storm
 * inspection (the server settles the due). Shown above the routine list only while there are some.
 */
export function PostStormDues({ divisionId, mayStart }: { divisionId: string; mayStart: boolean }) {
  const list = useWidgetPages(divisionId, 'post-storm-dues', [], loadPostStormDues(divisionId));
  const rows = list.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="post-storm-dues-title" className={classes.section}>
      <Group gap={6} mb={4}>
        <IconCloudRain size={18} aria-hidden />
        <Title order={3} fz="sm" id="post-storm-dues-title">
          Post-storm inspections due
        </Title>
      </Group>
      <ul className={classes.list}>
        {rows.map((row) => (
          <PostStormDueItem
            key={`${row.projectId}|${row.countedAt}`}
            divisionId={divisionId}
            row={row}
            mayStart={mayStart}
          />
        ))}
      </ul>
      {list.hasMore && (
        <Button variant="subtle" size="compact-sm" onClick={list.loadMore}>
          Load more
        </Button>
      )}
    </section>
  );
}

function PostStormDueItem({
  divisionId,
  row,
  mayStart,
}: {
  divisionId: string;
  row: PostStormDueRow;
  mayStart: boolean;
}) {
  return (
    <li className={classes.item} data-testid="post-storm-due">
      <Stack gap={2} className={classes.text}>
        <Text fz="sm" fw={600}>
          {row.siteName}
          {row.clientName ? (
            <Text span fz="xs" c="dimmed" fw={400}>
              {' '}
              · {row.clientName}
            </Text>
          ) : null}
        </Text>
        <Text fz="xs">
          Due by {row.dueByLocal}{' '}
          {row.pastDue && (
            <Badge component="span" color="red" size="xs" variant="light">
              Past Due
            </Badge>
          )}
        </Text>
        <Text fz="xs" c="dimmed" title={row.citation}>
          {row.reason}
        </Text>
      </Stack>
      {mayStart ? (
        <Button
          component={Link}
          to={paths.app.startInspection.getHref(divisionId, row.projectId, 'post-storm')}
          size="xs"
          color="teal"
          className={classes.action}
          aria-label={`Start Inspection: post-storm inspection of ${row.siteName}`}
        >
          Start Inspection
        </Button>
      ) : (
        <Button
          component={Link}
          to={paths.app.project.getHref(divisionId, row.projectId, 'inspections')}
          size="xs"
          variant="light"
          className={classes.action}
          aria-label={`View Project: ${row.siteName}`}
        >
          View Project
        </Button>
      )}
    </li>
  );
}
