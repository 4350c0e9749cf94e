import {
  useController,
  useFieldArray,
  useFormState,
  useWatch,
  type Control,
  type FieldValues,
} from 'react-hook-form';
import {
  ActionIcon,
  Button,
  Fieldset,
  Grid,
  Group,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  FIXED_INTERVAL_PERMIT,
  MAX_REDUCED_PERIODS,
  PERMIT_RULE_SETS,
  permitRuleSetsOf,
  type PermitRuleSetId,
  type ProjectPermit,
  type ReducedPeriodKind,
} from '@stormline/domain/permit-rules';
import type { Region } from '@stormline/domain/region';

/** The form's fields this section binds (the project form's values, seen from here). */
interface PermitValues extends FieldValues {
  permit?: ProjectPermit;
  permit_number?: string | null;
}

/**
 * The paths the server may name in a permit refusal, so each message lands on its field (the
 * project form hands these to useServerSubmit).
 */
export const PERMIT_FIELDS = [
  'permit.ruleSetId',
  'permit.frequencyId',
  'permit.sensitiveWaters',
  'permit.reducedPeriods',
  ...Array.from({ length: MAX_REDUCED_PERIODS }, (_, i) =>
    (['kind', 'from', 'to'] as const).map((f) => `permit.reducedPeriods.${i}.${f}`),
  ).flat(),
  'permit_number',
] as const;

/**
 * What a new project starts on (0049): in the US the CGP 2022 at every 7 calendar days, the
 * frequency that needs no rainfall at the site; in the UK the fixed interval, its only choice.
 */
export function defaultPermit(region: Region): ProjectPermit {
  return region === 'US'
    ? { ruleSetId: 'cgp-2022', frequencyId: 'every-7-days', sensitiveWaters: false, reducedPeriods: [] }
    : FIXED_INTERVAL_PERMIT;
}

/**
 * The Permit section of Create and Edit Project (issue 23): the rule set, its frequency, sensitive
 * waters, reduced-frequency periods (add and remove rows), each choice with its citation as help,
 * and the permit number where the form type has no CGP tracking ID. The UK shows the fixed interval.
 */
export function PermitFields<T extends PermitValues>({
  control: anyControl,
  region,
  showsPermitNumber,
  disabled,
}: {
  control: Control<T>;
  region: Region;
  /** The form type is not on the CGP list (there the CGP tracking ID is the number). */
  showsPermitNumber: boolean;
  disabled: boolean;
}) {
  const control = anyControl as unknown as Control<PermitValues>;
  const permit = useWatch({ control, name: 'permit' }) ?? FIXED_INTERVAL_PERMIT;
  const ruleSet = PERMIT_RULE_SETS[permit.ruleSetId] ?? PERMIT_RULE_SETS['fixed-interval'];
  const ruleSets = permitRuleSetsOf(region);
  const {
    field: { ref: ruleSetRef, name: ruleSetName, onChange: setRuleSet },
    fieldState: { error: ruleSetError },
  } = useController({ control, name: 'permit.ruleSetId' });
  const {
    field: { name: frequencyName, onChange: setFrequency },
    fieldState: { error: frequencyError },
  } = useController({ control, name: 'permit.frequencyId' });
  const {
    field: { ref: sensitiveRef, name: sensitiveName, onChange: setSensitive },
    fieldState: { error: sensitiveError },
  } = useController({ control, name: 'permit.sensitiveWaters' });
  const periods = useFieldArray({ control, name: 'permit.reducedPeriods' });
  const {
    field: { ref: numberRef, name: numberName, value: numberValue, onChange: setNumber, onBlur: numberBlur },
    fieldState: { error: numberError },
  } = useController({ control, name: 'permit_number' });
  const periodKinds = Object.entries(ruleSet.reduced).map(([kind, frequency]) => ({
    value: kind,
    label: frequency!.label,
  }));
  const frequencyId = permit.frequencyId ?? ruleSet.frequencies[0]!.id;

  return (
    <Fieldset legend="Permit" disabled={disabled} data-testid="permit-section">
      <Stack gap="sm">
        {ruleSets.length === 1 ? (
          <Text size="sm">
            <strong>{ruleSet.name}.</strong> {ruleSet.citation}.
          </Text>
        ) : (
          <>
            <Select
              ref={ruleSetRef}
              name={ruleSetName}
              label="Permit"
              withAsterisk
              allowDeselect={false}
              data={ruleSets.map((r) => ({ value: r.id, label: r.name }))}
              value={permit.ruleSetId}
              description={ruleSet.citation}
              onChange={(next) => {
                if (!next) return;
                const id = next as PermitRuleSetId;
                // A new permit starts from its own default frequency, with no options of the old one.
                setRuleSet(id);
                setFrequency(PERMIT_RULE_SETS[id].frequencies[0]!.id);
                setSensitive(false);
                periods.replace([]);
              }}
              error={ruleSetError?.message}
            />
            {ruleSet.frequencies.length > 1 && (
              <Radio.Group
                name={frequencyName}
                label="Inspection frequency"
                withAsterisk
                value={frequencyId}
                onChange={(value) => setFrequency(value)}
                error={frequencyError?.message}
              >
                <Stack gap="xs" mt={4}>
                  {ruleSet.frequencies.map((frequency) => (
                    <Radio
                      key={frequency.id}
                      value={frequency.id}
                      label={frequency.label}
                      description={frequency.citation}
                      styles={{ radio: { width: 24, height: 24 } }}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {ruleSet.sensitiveWaters && (
              <Switch
                ref={sensitiveRef}
                name={sensitiveName}
                size="md"
                label="Discharges to sensitive waters"
                description={ruleSet.sensitiveWaters.citation}
                checked={Boolean(permit.sensitiveWaters)}
                onChange={(event) => setSensitive(event.currentTarget.checked)}
                error={sensitiveError?.message}
              />
            )}
            {periodKinds.length > 0 && (
              <ReducedPeriods
                control={control}
                kinds={periodKinds}
                citations={Object.fromEntries(
                  Object.entries(ruleSet.reduced).map(([kind, f]) => [kind, f!.citation]),
                )}
                periods={periods}
              />
            )}
          </>
        )}
        {showsPermitNumber && (
          <TextInput
            ref={numberRef}
            name={numberName}
            label="Permit or NPDES tracking number"
            maxLength={50}
            value={(numberValue as string | null) ?? ''}
            onChange={(event) => setNumber(event.currentTarget.value)}
            onBlur={numberBlur}
            error={numberError?.message}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

function ReducedPeriods({
  control,
  kinds,
  citations,
  periods,
}: {
  control: Control<PermitValues>;
  kinds: { value: string; label: string }[];
  citations: Record<string, string>;
  periods: ReturnType<typeof useFieldArray<PermitValues, 'permit.reducedPeriods'>>;
}) {
  const { errors } = useFormState({ control, name: 'permit.reducedPeriods' });
  const listError = (errors.permit as { reducedPeriods?: { message?: string } } | undefined)?.reducedPeriods
    ?.message;
  return (
    <Stack gap="xs" role="group" aria-label="Reduced-frequency periods">
      <Text size="sm" fw={500}>
        Reduced-frequency periods
      </Text>
      {periods.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          None: the frequency above applies all year.
        </Text>
      )}
      {periods.fields.map((row, index) => (
        <PeriodRow
          key={row.id}
          control={control}
          index={index}
          kinds={kinds}
          citations={citations}
          onRemove={() => periods.remove(index)}
        />
      ))}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={periods.fields.length >= MAX_REDUCED_PERIODS}
          onClick={() => periods.append({ kind: kinds[0]!.value as ReducedPeriodKind, from: '', to: null })}
        >
          Add period
        </Button>
      </Group>
    </Stack>
  );
}

function PeriodRow({
  control,
  index,
  kinds,
  citations,
  onRemove,
}: {
  control: Control<PermitValues>;
  index: number;
  kinds: { value: string; label: string }[];
  citations: Record<string, string>;
  onRemove: () => void;
}) {
  const {
    field: { ref: kindRef, name: kindName, value: kindValue, onChange: setKind },
    fieldState: { error: kindError },
  } = useController({ control, name: `permit.reducedPeriods.${index}.kind` });
  const {
    field: { ref: fromRef, name: fromName, value: fromValue, onChange: setFrom, onBlur: fromBlur },
    fieldState: { error: fromError },
  } = useController({ control, name: `permit.reducedPeriods.${index}.from` });
  const {
    field: { ref: toRef, name: toName, value: toValue, onChange: setTo, onBlur: toBlur },
    fieldState: { error: toError },
  } = useController({ control, name: `permit.reducedPeriods.${index}.to` });
  const n = index + 1;
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid={`reduced-period-${index}`}>
      <Stack gap={4} style={{ flex: 1 }}>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              ref={kindRef}
              name={kindName}
              label={`Period ${n}`}
              allowDeselect={false}
              data={kinds}
              value={(kindValue as string) ?? null}
              onChange={(value) => value && setKind(value)}
              error={kindError?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput
              ref={fromRef}
              name={fromName}
              type="date"
              label="From"
              withAsterisk
              value={(fromValue as string) ?? ''}
              onChange={(event) => setFrom(event.currentTarget.value)}
              onBlur={fromBlur}
              error={fromError?.message}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput
              ref={toRef}
              name={toName}
              type="date"
              label="To"
              value={(toValue as string | null) ?? ''}
              onChange={(event) => setTo(event.currentTarget.value || null)}
              onBlur={toBlur}
              error={toError?.message}
            />
          </Grid.Col>
        </Grid>
        <Text fz="xs" c="dimmed">
          {citations[kindValue as string]}. An empty To keeps the period until it is changed.
        </Text>
      </Stack>
      <ActionIcon
        variant="subtle"
        color="red"
        size={44}
        mt={24}
        aria-label={`Remove period ${n}`}
        onClick={onRemove}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
