import { useState } from 'react';
import { Button, Group, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FindingInput } from '@stormline/contract/areas/findings';
import {
  CORRECTIVE_ACTION_KINDS,
  CORRECTIVE_ACTION_MESSAGES,
  CORRECTIVE_ACTION_RULES,
  CORRECTIVE_ACTION_TYPE_CODE,
  correctiveActionDueBy,
  type CorrectiveActionKind,
} from '@stormline/domain/corrective-actions';
import { DEFAULT_FINDING_LOCATION, findingFormIssues } from '@stormline/domain/finding-rules';
import { displayDate, isIsoDate } from '@stormline/domain/local-date';
import { ConflictChoice } from '../../../components/conflict-choice';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';
import { useFindingTypes, type InspectionDetail } from '../api/inspections';

/** Today in the project's time zone ('YYYY-MM-DD'): the finding dates may not be later. */
export const projectToday = (inspection: Pick<InspectionDetail, 'project'>) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: inspection.project.timezone }).format(new Date());

export interface FindingFormValues {
  finding_type_id: string | null;
  location: string;
  date_initiated: string;
  condition: string | null;
  /** CGP 5.2's choice, asked of a CA finding of a project on the CGP. */
  corrective_action?: CorrectiveActionKind | null;
}

/**
 * The finding form (spec 002 §5), for Add Finding and Edit Finding: type, location, date initiated
 * (not before the project's start, not after today in its zone), Condition where the template has
 * it; checked with the domain's findingFormIssues, the same the server runs. The toasts are §8's.
 */
export function FindingForm({
  divisionId,
  inspection,
  initial,
  withObservation = false,
  submitLabel,
  toasts,
  onSubmit,
  onFailed,
  onClose,
  theirs,
}: {
  divisionId: string;
  inspection: InspectionDetail;
  initial?: FindingFormValues;
  /** Add Finding takes a first observation with the finding. */
  withObservation?: boolean;
  submitLabel: string;
  toasts: { pending: string; done: string; failed: string };
  onSubmit: (input: FindingInput) => Promise<unknown>;
  /**
   * May take a failed save over from the form (Edit Finding's §8 rule), answering true; else the
   * form stays open with what was typed and says why.
   */
  onFailed?: (failure: unknown) => boolean;
  onClose: () => void;
  /**
   * The finding as someone else saved it while this form was open (after a 409): where they
   * changed a field this form holds another value for, both are shown to choose from (0030).
   */
  theirs?: FindingFormValues;
}) {
  const { data: types } = useFindingTypes(
    divisionId,
    inspection.template_id,
    inspection.inspection_template.version,
  );
  const enabled = (types?.pageData ?? []).filter(
    (t) => t.details.is_enabled || t.id === initial?.finding_type_id,
  );
  const [typeId, setTypeId] = useState<string | null>(initial?.finding_type_id ?? null);
  const [location, setLocation] = useState(initial?.location ?? DEFAULT_FINDING_LOCATION);
  const [initiated, setInitiated] = useState(initial?.date_initiated ?? projectToday(inspection));
  const [condition, setCondition] = useState<string | null>(initial?.condition ?? null);
  const [action, setAction] = useState<CorrectiveActionKind | null>(initial?.corrective_action ?? null);
  const [observation, setObservation] = useState('');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const chosenType = typeId ?? enabled.find((t) => t.code === 'CA')?.id ?? enabled[0]?.id ?? null;
  if (!types) return <Text fz="sm">Loading…</Text>;

  const typeName = (id: string | null) => {
    const type = types.pageData.find((t) => t.id === id);
    return type ? `${type.name} (${type.code})` : 'none';
  };
  const conditionName = (code: string | null) =>
    types.condition_options.find((o) => o.code === code)?.label ?? 'none';
  /** One field both this form and another user's save changed differently, and the choice. */
  const conflict = <K extends keyof FindingFormValues>(
    name: K,
    label: string,
    mine: FindingFormValues[K],
    take: (value: FindingFormValues[K]) => void,
    describe: (value: FindingFormValues[K]) => string = (value) => String(value ?? 'none'),
  ) => {
    const other = theirs?.[name];
    if (!theirs || settled.has(name) || other === mine || other === initial?.[name]) return null;
    return (
      <ConflictChoice
        label={label}
        mine={describe(mine)}
        theirs={describe(other as FindingFormValues[K])}
        onChoose={(choice) => {
          if (choice === 'theirs') take(other as FindingFormValues[K]);
          setSettled((done) => new Set([...done, name]));
        }}
      />
    );
  };

  // CGP 5.2 (0049): a corrective action on a CGP project names what it needs, which sets its deadline.
  const asksAction =
    inspection.project.correctiveActionDeadlines &&
    types.pageData.find((t) => t.id === chosenType)?.code === CORRECTIVE_ACTION_TYPE_CODE;
  const submit = async () => {
    const input = {
      finding_type_id: chosenType,
      location,
      date_initiated: initiated,
      condition,
      corrective_action: asksAction ? action : null,
    };
    const found = findingFormIssues(input, {
      version: {
        finding_types: types.pageData,
        condition_options: types.condition_options,
        control_measure_required: false,
      },
      projectStartDate: inspection.project.start_date,
      today: projectToday(inspection),
    });
    if (asksAction && !action)
      found.push({ path: 'corrective_action', message: CORRECTIVE_ACTION_MESSAGES.kindRequired });
    setIssues(Object.fromEntries(found.map((i) => [i.path, i.message])));
    if (found.length > 0) return;
    setBusy(true);
    const id = `finding-form-${submitLabel}`;
    notifications.show({ id, loading: true, title: toasts.pending, message: '', autoClose: false });
    try {
      await onSubmit({ ...input, ...(withObservation ? { observation: observation.trim() || null } : {}) });
      notifications.update({
        id,
        loading: false,
        color: 'teal',
        title: toasts.done,
        message: '',
        autoClose: 2000,
      });
      onClose();
    } catch (failure) {
      notifications.hide(id);
      setBusy(false);
      if (!onFailed?.(failure)) setError(`${toasts.failed}${errorMessage(failure, 'Unknown Error')}`);
    }
  };

  return (
    <Stack>
      <Select
        label="Finding Type"
        withAsterisk
        data={enabled.map((t) => ({ value: t.id, label: `${t.name} (${t.code})` }))}
        value={chosenType}
        onChange={setTypeId}
        error={issues.finding_type_id}
        allowDeselect={false}
      />
      {conflict('finding_type_id', 'Finding Type', chosenType, setTypeId, typeName)}
      <TextInput
        label="Location"
        withAsterisk
        value={location}
        onChange={(e) => setLocation(e.currentTarget.value)}
        error={issues.location}
        maxLength={500}
      />
      {conflict('location', 'Location', location, setLocation)}
      <TextInput
        type="date"
        label="Date Initiated"
        withAsterisk
        value={initiated}
        min={inspection.project.start_date ?? undefined}
        max={projectToday(inspection)}
        onChange={(e) => setInitiated(e.currentTarget.value)}
        error={issues.date_initiated}
        w={220}
      />
      {conflict('date_initiated', 'Date Initiated', initiated, setInitiated)}
      {asksAction && (
        <Radio.Group
          label="Corrective action needed"
          withAsterisk
          value={action}
          onChange={(value) => setAction(value as CorrectiveActionKind)}
          error={issues.corrective_action}
        >
          <Stack gap="xs" mt={4}>
            {CORRECTIVE_ACTION_KINDS.map((kind) => (
              <Radio
                key={kind}
                value={kind}
                label={CORRECTIVE_ACTION_RULES[kind].label}
                description={CORRECTIVE_ACTION_RULES[kind].citation}
                styles={{ radio: { width: 24, height: 24 } }}
              />
            ))}
          </Stack>
          {action && isIsoDate(initiated) && (
            <Text fz="sm" mt="xs" data-testid="corrective-action-due">
              Due by {displayDate(correctiveActionDueBy(initiated, action))}
            </Text>
          )}
        </Radio.Group>
      )}
      {types.condition_options.length > 0 && (
        <Select
          label="Condition"
          withAsterisk
          data={types.condition_options.map((o) => ({ value: o.code, label: o.label }))}
          value={condition}
          onChange={setCondition}
          error={issues.condition}
        />
      )}
      {conflict('condition', 'Condition', condition, setCondition, conditionName)}
      {withObservation && (
        <Textarea
          label="Observation"
          autosize
          minRows={2}
          value={observation}
          onChange={(e) => setObservation(e.currentTarget.value)}
          maxLength={2000}
        />
      )}
      {error && <ServerError>{error}</ServerError>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={busy} onClick={() => void submit()}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
