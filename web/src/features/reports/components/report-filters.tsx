import { useEffect, useRef, useState } from 'react';
import { Grid, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_TEXT_MAX_LENGTH } from '@stormline/contract/schemas';
import { useFindingTypes } from '../api/get-finding-types';
import { reportDateError, type ReportQuery } from '../report-query';
import { ClientFilter } from './client-filter';
import { ReportDateInput } from './report-date-input';

/** Spec 001 §9: "500 ms in other search inputs" (the report's Search is one of them). */
export const REPORT_SEARCH_DELAY_MS = 500;

type Change = (changes: Partial<ReportQuery>, options?: { replace?: boolean }) => void;

/**
 * The 'Search' box: what is typed reaches the URL (and the report) 500 ms after the last key. The
 * URL wins when it changes from outside (Back), so the box always shows what the report searches.
 */
function ReportSearch({ value, onChange }: { value: string; onChange: Change }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text.trim(), REPORT_SEARCH_DELAY_MS);
  const written = useRef(value);
  const typing = useRef(false);

  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    // Typing on replaces the entry the last keystrokes wrote; the first change adds one for Back.
    onChange({ s: debounced, p: 1 }, { replace: typing.current });
    typing.current = true;
    // `onChange` is a new function each render; the debounced text is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    <TextInput
      type="search"
      label="Search"
      placeholder="Project name"
      leftSection={<IconSearch size={16} aria-hidden />}
      maxLength={SEARCH_TEXT_MAX_LENGTH}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={() => (typing.current = false)}
    />
  );
}

/** Spec 001 §2 'Finding Type': narrows the finding figures to one type, or all types. */
function FindingTypeSelect({
  divisionId,
  value,
  onChange,
}: {
  divisionId: string;
  value: string | null;
  onChange: Change;
}) {
  const types = useFindingTypes(divisionId);
  const known = types.data?.pageData ?? [];
  const data = [
    { value: '', label: 'All Types' },
    ...known.map((type) => ({ value: type.code, label: `${type.name} (${type.code})` })),
    // A code from a link that the division no longer uses still shows what is applied.
    ...(value && !known.some((type) => type.code === value) ? [{ value, label: value }] : []),
  ];
  return (
    <Select
      label="Finding Type"
      data={data}
      value={value ?? ''}
      onChange={(code) => onChange({ findings: code || null })}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * The report's toolbar (spec 001 §2): Search, Finding Type, Min Date and Max Date on one line, the
 * Client multi-select with its Save on the next; one field a line on a phone.
 */
export function ReportFilters({
  divisionId,
  query,
  today,
  onChange,
}: {
  divisionId: string;
  query: ReportQuery;
  today: string;
  onChange: Change;
}) {
  const [dateErrors, setDateErrors] = useState<{ minDate?: string; maxDate?: string }>({});
  const changeDate = (field: 'minDate' | 'maxDate', value: string | null) => {
    const dates = { minDate: query.minDate, maxDate: query.maxDate, [field]: value };
    const errors = reportDateError(dates, new Date(), today);
    setDateErrors(errors);
    // A date the server would refuse is not sent: the field says why and the report stays as it was.
    if (!errors.minDate && !errors.maxDate) onChange({ [field]: value });
  };

  return (
    <Grid gap="sm" p="md" align="flex-start">
      <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
        <ReportSearch value={query.s} onChange={onChange} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
        <FindingTypeSelect divisionId={divisionId} value={query.findings} onChange={onChange} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, lg: 3 }}>
        <ReportDateInput
          label="Min Date"
          value={query.minDate}
          max={query.maxDate ?? today}
          error={dateErrors.minDate}
          onChange={(value) => changeDate('minDate', value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, lg: 3 }}>
        <ReportDateInput
          label="Max Date"
          value={query.maxDate}
          min={query.minDate}
          max={today}
          error={dateErrors.maxDate}
          onChange={(value) => changeDate('maxDate', value)}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <ClientFilter
          divisionId={divisionId}
          applied={query.client}
          onApply={(client) => onChange({ client, p: 1 })}
        />
      </Grid.Col>
    </Grid>
  );
}
