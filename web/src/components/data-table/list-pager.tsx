import { Button, Group, Text } from '@mantine/core';
import type { ServerList } from '../../lib/list/server-list';

/** Spec 001 §9: the page links show a range of 3 pages around the current one. */
const PAGE_RANGE = 3;

/**
 * Previous, the page links the server's cursors can reach, and Next; 'Page N of M' when the
 * server counts the rows. Nothing when everything fits on one page.
 */
export function ListPager({
  list,
}: {
  list: Pick<ServerList<unknown>, 'page' | 'pageCount' | 'reachablePages' | 'goToPage'>;
}) {
  const { page, pageCount } = list;
  const hasNext = list.reachablePages.includes(page + 1);
  if (page === 1 && !hasNext) return null;
  const first = Math.max(1, Math.min(page - 1, (pageCount ?? page + 1) - PAGE_RANGE + 1));
  const links = list.reachablePages.filter((number) => number >= first && number < first + PAGE_RANGE);

  return (
    <Group
      component="nav"
      aria-label="Pages"
      justify="flex-end"
      p="md"
      gap="xs"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text fz="sm" c="dimmed" aria-live="polite" mr="auto" data-testid="pager-status">
        Page {page}
        {pageCount !== null && ` of ${pageCount}`}
      </Text>
      <Button variant="default" size="xs" disabled={page === 1} onClick={() => list.goToPage(page - 1)}>
        Previous
      </Button>
      {links.map((number) => (
        <Button
          key={number}
          size="xs"
          variant={number === page ? 'filled' : 'default'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => list.goToPage(number)}
        >
          {number}
        </Button>
      ))}
      <Button variant="default" size="xs" disabled={!hasNext} onClick={() => list.goToPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
