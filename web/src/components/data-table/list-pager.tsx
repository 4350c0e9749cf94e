import { Button, Group, Text } from '@mantine/core';
import type { ServerList } from '../../lib/list/server-list';

/** Spec 001 §9: the page links show a range of 3 pages around the current one. */
const PAGE_RANGE = 3;

type Pager = Pick<
  ServerList<unknown>,
  'page' | 'pageCount' | 'reachablePages' | 'previousPage' | 'nextPage' | 'goToPage' | 'refreshing'
>;

/**
 * Previous, the page links the server's cursors can reach, and Next; 'Page N of M' when the
 * server counts the rows. Nothing when everything fits on one page. A button that cannot be used
 * is aria-disabled rather than disabled, so the keyboard focus stays on it while the next page
 * loads (a disabled button would drop focus to the page).
 */
export function ListPager({ list }: { list: Pager }) {
  const { page, pageCount } = list;
  if (page === 1 && list.nextPage === null && !list.refreshing && list.reachablePages.length === 1)
    return null;
  const first = Math.max(1, Math.min(page - 1, (pageCount ?? page + 1) - PAGE_RANGE + 1));
  const links = list.reachablePages.filter((number) => number >= first && number < first + PAGE_RANGE);
  const previousLabel =
    list.previousPage !== null && list.previousPage < page - 1 ? 'First page' : 'Previous';

  return (
    <Group
      component="nav"
      aria-label="Pages"
      justify="flex-end"
      p="md"
      gap="xs"
      wrap="nowrap"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text fz="sm" c="dimmed" aria-live="polite" mr="auto" data-testid="pager-status">
        Page {page}
        {pageCount !== null && ` of ${pageCount}`}
      </Text>
      <PagerButton target={list.previousPage} onGo={list.goToPage}>
        {previousLabel}
      </PagerButton>
      {links.map((number) => (
        <Button
          key={number}
          size="xs"
          visibleFrom="xs"
          variant={number === page ? 'filled' : 'default'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => list.goToPage(number)}
        >
          {number}
        </Button>
      ))}
      <PagerButton target={list.nextPage} onGo={list.goToPage}>
        Next
      </PagerButton>
    </Group>
  );
}

function PagerButton({
  target,
  onGo,
  children,
}: {
  target: number | null;
  onGo: (page: number) => void;
  children: string;
}) {
  const usable = target !== null;
  return (
    <Button
      variant="default"
      size="xs"
      data-disabled={!usable || undefined}
      aria-disabled={!usable || undefined}
      onClick={() => usable && onGo(target)}
    >
      {children}
    </Button>
  );
}
