import { Link } from 'react-router-dom';
import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useManuals } from '../api/cms';

/** /user-manuals (spec 001 §2): the manuals the CMS publishes, by title; outside division scope. */
export default function UserManualsRoute() {
  const { data: manuals } = useManuals();
  return (
    <>
      <PageHeader title="User Manuals" description="Step-by-step guides to the product." />
      {!manuals ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading manuals">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={84} radius="lg" />
          ))}
        </Stack>
      ) : manuals.length === 0 ? (
        <NoManuals />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {manuals.map((manual) => (
            <Paper component="li" key={manual.slug} radius="lg" p="md" withBorder>
              <Title order={2} fz="lg">
                <Anchor component={Link} to={paths.app.userManual.getHref(manual.slug)}>
                  {manual.title}
                </Anchor>
              </Title>
              {manual.excerpt && (
                <Text fz="sm" mt={4}>
                  {manual.excerpt}
                </Text>
              )}
              <Text fz="xs" c="dimmed" mt={6}>
                Updated {formatDate(manual.modified)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </>
  );
}

/** The spec's one text for an empty list, a failed CMS and no CMS configured alike (spec 001 §8). */
export function NoManuals() {
  return (
    <Paper radius="lg" p="xl" withBorder>
      <Stack align="center" gap="xs">
        <IconBook size={32} stroke={1.5} aria-hidden />
        <Text fw={600}>No manuals found</Text>
      </Stack>
    </Paper>
  );
}
