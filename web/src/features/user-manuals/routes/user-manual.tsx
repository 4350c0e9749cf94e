import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Anchor, Paper, Skeleton, Stack, Text, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useManual } from '../api/cms';
import { NoManuals } from './user-manuals';

/**
 * The CMS's HTML with everything that could run or restyle the page removed: no scripts, event
 * handlers, frames, forms or styles; links to other sites open in a new tab without an opener.
 */
export function sanitizeManualHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of clean.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href) && new URL(href).origin !== window.location.origin) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
  }
  const holder = document.createElement('div');
  holder.append(clean);
  return holder.innerHTML;
}

/** /user-manuals/{slug}: one manual, read from the CMS by its slug. */
export default function UserManualRoute() {
  const { slug = '' } = useParams();
  const { data: manual, isLoading } = useManual(slug);
  const html = useMemo(() => (manual ? sanitizeManualHtml(manual.html) : ''), [manual]);
  const crumbs = [{ label: 'User Manuals', href: paths.app.userManuals.getHref() }];

  if (isLoading || manual === undefined) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the manual">
        <Skeleton height={32} width="40%" />
        <Skeleton height={240} radius="lg" />
      </Stack>
    );
  }
  if (!manual) {
    return (
      <>
        <PageHeader crumbs={[...crumbs, { label: 'Not found' }]} title="User Manuals" />
        <NoManuals />
        <Anchor component={Link} to={paths.app.userManuals.getHref()} mt="md" display="inline-block">
          All manuals
        </Anchor>
      </>
    );
  }
  return (
    <>
      <PageHeader
        crumbs={[...crumbs, { label: manual.title }]}
        title={manual.title}
        description={<Text span>Updated {formatDate(manual.modified)}</Text>}
      />
      <Paper radius="lg" p={{ base: 'md', sm: 'xl' }} withBorder>
        {/* Sanitized above: the CMS's markup is shown, never its scripts. */}
        <Typography>
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </Typography>
      </Paper>
    </>
  );
}
