import type { KeyboardEvent, MouseEvent } from 'react';
import { CloseButton, TextInput } from '@mantine/core';

/** Keys that move focus or close the picker: everything else a date field would take as typing. */
const PASS_THROUGH = new Set(['Tab', 'Escape', 'Shift']);

function openPicker(input: HTMLInputElement) {
  try {
    input.showPicker();
  } catch {
    // Not offered here (an older browser, or no user gesture): the field's own button still is.
  }
}

/**
 * Spec 001 §2 'Min Date' / 'Max Date': the browser's own date picker, no day after `max` (today)
 * on offer, typing disabled. Enter, Space or a click opens the picker, so the keyboard still
 * chooses a day; Backspace or Delete clears it, as the clear button does.
 */
export function ReportDateInput({
  label,
  value,
  min,
  max,
  error,
  onChange,
}: {
  label: string;
  value: string | null;
  min?: string | null;
  max: string;
  error?: string;
  onChange: (value: string | null) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (PASS_THROUGH.has(event.key)) return;
    event.preventDefault();
    if (event.key === 'Enter' || event.key === ' ') openPicker(event.currentTarget);
    else if ((event.key === 'Backspace' || event.key === 'Delete') && value) onChange(null);
  };
  return (
    <TextInput
      type="date"
      label={label}
      value={value ?? ''}
      min={min ?? undefined}
      max={max}
      error={error}
      onKeyDown={onKeyDown}
      onClick={(event: MouseEvent<HTMLInputElement>) => openPicker(event.currentTarget)}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      rightSectionPointerEvents="all"
      rightSection={
        value ? <CloseButton size="sm" aria-label={`Clear ${label}`} onClick={() => onChange(null)} /> : null
      }
    />
  );
}
