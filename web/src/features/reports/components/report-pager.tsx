import { useId, type ReactNode } from 'react';
import { ActionIcon, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { REPORT_ROWS_OPTIONS, type ReportRows } from '@stormline/domain/compliance-report';

/** The last page of `numModels` rows at `pageSize` a page (at least page 1). */
export function lastPageOf(numModels: number, pageSize: number): number {
  return Math.max(1, Math.ceil(numModels / Math.max(pageSize, 1)));
}

/** Spec 001 §9 "page range 3": the page links shown, up to three around `page` within 1..last. */
export const PAGE_RANGE = 3;
export function pageRange(page: number, last: number): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(PAGE_RANGE / 2), last - PAGE_RANGE + 1));
  return Array.from({ length: Math.min(PAGE_RANGE, last) }, (_, i) => start + i);
}

/**
 * Spec 001 §2 and §9: first, previous, three page links, next and last, and the rows per page
 * (10, 20, 30, 50, All). The server pages by number and counts every row, so the last page is known. A button that
 * cannot be used is aria-disabled rather than disabled, so the focus stays on it at either end.
 */
export function ReportPager({
  page,
  rows,
  numModels,
  pageSize,
  shownCount,
  onPage,
  onRows,
}: {
  page: number;
  rows: ReportRows;
  numModels: number;
  pageSize: number;
  shownCount: number;
  onPage: (page: number) => void;
  onRows: (rows: ReportRows) => void;
}) {
  const rowsId = useId();
  const last = lastPageOf(numModels, pageSize);
  const first = numModels === 0 ? 0 : (page - 1) * pageSize + 1;
  return (
    <Group
      component="nav"
      aria-label="Report pages"
      justify="space-between"
      gap="sm"
      p="md"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="xs" wrap="nowrap">
        <Text component="label" htmlFor={rowsId} fz="sm" c="dimmed">
          Rows per page
        </Text>
        <NativeSelect
          id={rowsId}
          size="xs"
          data={[...REPORT_ROWS_OPTIONS]}
          value={rows}
          onChange={(event) => onRows(event.currentTarget.value as ReportRows)}
          w={76}
        />
      </Group>
      <Group gap="sm" justify="flex-end" ml="auto">
        <Text
          fz="sm"
          c="dimmed"
          aria-live="polite"
          data-testid="report-pager-status"
          style={{ whiteSpace: 'nowrap' }}
        >
          {numModels === 0
            ? 'No projects'
            : `${first}–${first + shownCount - 1} of ${numModels} · Page ${page} of ${last}`}
        </Text>
        <Group gap={4} wrap="nowrap">
          <PagerButton label="First page" target={page > 1 ? 1 : null} onPage={onPage}>
            <IconChevronsLeft size={16} aria-hidden />
          </PagerButton>
          <PagerButton label="Previous page" target={page > 1 ? page - 1 : null} onPage={onPage}>
            <IconChevronLeft size={16} aria-hidden />
          </PagerButton>
          {numModels > 0 &&
            pageRange(page, last).map((n) => (
              <ActionIcon
                key={n}
                variant={n === page ? 'filled' : 'default'}
                size="lg"
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => n !== page && onPage(n)}
              >
                <Text fz="sm" fw={600} span>
                  {n}
                </Text>
              </ActionIcon>
            ))}
          <PagerButton label="Next page" target={page < last ? page + 1 : null} onPage={onPage}>
            <IconChevronRight size={16} aria-hidden />
          </PagerButton>
          <PagerButton label="Last page" target={page < last ? last : null} onPage={onPage}>
            <IconChevronsRight size={16} aria-hidden />
          </PagerButton>
        </Group>
      </Group>
    </Group>
  );
}

function PagerButton({
  label,
  target,
  onPage,
  children,
}: {
  label: string;
  target: number | null;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const usable = target !== null;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      aria-disabled={!usable || undefined}
      data-disabled={!usable || undefined}
      onClick={() => usable && onPage(target)}
    >
      {children}
    </ActionIcon>
  );
}
