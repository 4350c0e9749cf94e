import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Fieldset,
  Input,
  Group,
  Modal,
  MultiSelect,
  Radio,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPencil } from '@tabler/icons-react';
import type * as z from 'zod/mini';
import { LegendItemCreate } from '@stormline/contract/areas/legend-items';
import {
  clampMapSymbol,
  defaultMapSymbol,
  type LegendType,
  type MapSymbol,
} from '@stormline/domain/map-symbol';
import { DocumentList } from '../../../components/documents/document-list';
import { documentPermissions } from '../../../components/documents/document-permissions';
import { FormServerError, TextField, useServerSubmit } from '../../../components/form';
import { useSession } from '../../../lib/auth';
import { useDivisionId } from '../../../lib/division-context';
import { errorMessage } from '../../../lib/errors';
import { hasPermission } from '../../../lib/page-access';
import { useLegendItem, type LegendItemDetail } from '../api/get-legend-item';
import { useLegendDocumentActions } from '../api/legend-documents';
import { useCreateLegendItem, useUpdateLegendItem, type UpdateLegendItemInput } from '../api/legend-writes';
import { useRegulationOptions } from '../api/regulation-options';
import { SymbolEditor } from '../../../components/map-symbol/symbol-editor';
import {
  describeSymbol,
  SymbolPreview,
  type SymbolData,
} from '../../../components/map-symbol/symbol-preview';

/** Which modal is open: Create, Edit or the read-only view of one item (spec 001 §2). */
export type LegendModalState = { mode: 'create' } | { mode: 'edit' | 'view'; id: string } | null;

export const TYPE_LABELS: Record<LegendType, string> = {
  control_measure: 'Control measure',
  pollutant: 'Pollutant',
};

/** Spec 001 §9: a document list shows 3 rows before Show More. */
const DOCUMENT_ROWS = 3;

const TITLES = { create: 'Create Legend Item', edit: 'Edit Legend Item', view: 'Legend Item' } as const;

type FormValues = z.input<typeof LegendItemCreate>;

function sameSymbol(a: SymbolData, b: SymbolData): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The symbol an item is saved with until its symbol is edited: its own, except that a symbol still
 * at its type's defaults follows a change of type (a new control measure is a line, a pollutant an
 * area, ADR 0015).
 */
export function symbolFor(
  item: Pick<LegendItemDetail, 'type' | 'map_symbol'> | null,
  type: LegendType,
): SymbolData {
  if (!item) return defaultMapSymbol(type);
  if (item.type !== type && sameSymbol(item.map_symbol, defaultMapSymbol(item.type)))
    return defaultMapSymbol(type);
  return item.map_symbol;
}

export function LegendItemModal({
  state,
  onClose,
  onOpen,
}: {
  state: LegendModalState;
  onClose: () => void;
  /** Another mode of the same modal: Edit from the view, the new item's Edit after Create. */
  onOpen: (state: LegendModalState) => void;
}) {
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state ? TITLES[state.mode] : ''}
      size="lg"
      radius="lg"
      closeOnEscape={!dialogOpen}
    >
      {state?.mode === 'create' && (
        <LegendItemForm
          key="create"
          item={null}
          onClose={onClose}
          onCreated={(id) => onOpen({ mode: 'edit', id })}
        />
      )}
      {state && state.mode !== 'create' && (
        <LoadedItem key={`${state.mode}-${state.id}`} id={state.id}>
          {(item) =>
            state.mode === 'edit' ? (
              <>
                <LegendItemForm item={item} onClose={onClose} onCreated={() => {}} />
                <ItemDocuments item={item} onDialogChange={setDialogOpen} />
              </>
            ) : (
              <LegendItemView
                item={item}
                onClose={onClose}
                onEdit={() => onOpen({ mode: 'edit', id: item.id })}
                onDialogChange={setDialogOpen}
              />
            )
          }
        </LoadedItem>
      )}
    </Modal>
  );
}

function LoadedItem({ id, children }: { id: string; children: (item: LegendItemDetail) => React.ReactNode }) {
  const { data, error } = useLegendItem(id);
  if (error)
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title="This legend item could not be loaded"
        role="alert"
      >
        {errorMessage(error)}
      </Alert>
    );
  if (!data)
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={60} />
      </Stack>
    );
  return <>{children(data)}</>;
}

function LegendItemForm({
  item,
  onClose,
  onCreated,
}: {
  item: LegendItemDetail | null;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { trigger: create } = useCreateLegendItem();
  const { trigger: update } = useUpdateLegendItem(item?.id ?? 'new');
  const options = useRegulationOptions(true);
  const valuesOf = (source: LegendItemDetail | null): FormValues => ({
    name: source?.name ?? '',
    type: source?.type ?? 'control_measure',
    groups: source?.groups ?? [],
  });
  const form = useForm<FormValues, unknown, z.output<typeof LegendItemCreate>>({
    resolver: zodResolver(LegendItemCreate),
    defaultValues: valuesOf(item),
  });
  // The symbol as edited in the symbol editor; null until it is touched, so an untouched one still
  // follows the type (and a new item is left to the server's defaults).
  const [editedSymbol, setEditedSymbol] = useState<MapSymbol | null>(null);
  const { submit, serverError, clearServerError } = useServerSubmit(
    form,
    ['name', 'type', 'groups'],
    async ({ name, type, groups = [] }) => {
      if (!item) {
        // An untouched symbol is not sent: the server gives the type's defaults (spec 002 §9).
        const created = await create({ name, type, groups, map_symbol: editedSymbol });
        notifications.show({
          color: 'teal',
          title: 'Legend item created',
          message: `${created.name} was created. You can add its documents now.`,
        });
        onCreated(created.id);
        return;
      }
      const saved = await update({
        name,
        type,
        groups,
        map_symbol: (editedSymbol ?? symbolFor(item, type)) as UpdateLegendItemInput['map_symbol'],
        version: item.version,
      });
      notifications.show({ color: 'teal', title: 'Legend item saved', message: `${saved.name} was saved.` });
      onClose();
    },
  );
  const type = useWatch({ control: form.control, name: 'type' }) as LegendType;
  const symbol = editedSymbol ?? clampMapSymbol(symbolFor(item, type));
  const { isSubmitting } = form.formState;

  // The item's own regulations are choices even before the division's list has been read.
  const data = mergeOptions(
    (item?.document_groups ?? []).map((group) => ({ value: group.id, label: group.name })),
    options.data ?? [],
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextField
          control={form.control}
          name="name"
          label="Name"
          withAsterisk
          maxLength={100}
          data-autofocus
        />
        <TypeField control={form.control} />
        <RegulationsField
          control={form.control}
          data={data}
          loading={options.isLoading}
          failed={options.error}
        />
        <Fieldset
          legend={<Input.Label component="span">Map symbol</Input.Label>}
          variant="unstyled"
          data-testid="legend-symbol"
        >
          <SymbolEditor value={symbol} onChange={setEditedSymbol} disabled={isSubmitting} />
        </Fieldset>
        <FormServerError
          error={serverError}
          onLoadLatest={() => {
            form.reset(valuesOf(item));
            setEditedSymbol(null);
            clearServerError();
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {item ? 'Save' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function mergeOptions(...lists: { value: string; label: string }[][]) {
  const seen = new Map<string, { value: string; label: string }>();
  for (const list of lists) for (const option of list) seen.set(option.value, option);
  return [...seen.values()].sort((a, b) => a.label.localeCompare(b.label));
}

type FormControl = ReturnType<
  typeof useForm<FormValues, unknown, z.output<typeof LegendItemCreate>>
>['control'];

function TypeField({ control }: { control: FormControl }) {
  const {
    field: { ref, ...input },
    fieldState,
  } = useController({ control, name: 'type' });
  return (
    <Radio.Group
      label="Type"
      withAsterisk
      value={input.value}
      onChange={input.onChange}
      error={fieldState.error?.message}
      name={input.name}
    >
      <Group gap="lg" mt={6}>
        <Radio value="control_measure" label={TYPE_LABELS.control_measure} ref={ref} />
        <Radio value="pollutant" label={TYPE_LABELS.pollutant} />
      </Group>
    </Radio.Group>
  );
}

function RegulationsField({
  control,
  data,
  loading,
  failed,
}: {
  control: FormControl;
  data: { value: string; label: string }[];
  loading: boolean;
  failed: unknown;
}) {
  const {
    field: { ref, ...input },
    fieldState,
  } = useController({ control, name: 'groups' });
  return (
    <MultiSelect
      ref={ref}
      label="Regulations"
      placeholder={loading ? 'Reading the regulations…' : 'Choose regulations'}
      description="The regulation groups whose BMP tab shows this item and its documents."
      data={data}
      value={input.value ?? []}
      onChange={input.onChange}
      onBlur={input.onBlur}
      searchable
      clearable
      nothingFoundMessage="No regulations found"
      maxValues={40}
      error={fieldState.error?.message ?? (failed ? errorMessage(failed) : undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function SymbolField({ symbol }: { symbol: SymbolData }) {
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500}>
        Map symbol
      </Text>
      <Group gap="md" wrap="nowrap">
        <SymbolPreview symbol={symbol} width={120} height={44} />
        <Text fz="xs" c="dimmed">
          {capitalise(describeSymbol(symbol))}.
        </Text>
      </Group>
    </Stack>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function ItemDocuments({
  item,
  readOnly = false,
  onDialogChange,
}: {
  item: LegendItemDetail;
  readOnly?: boolean;
  onDialogChange: (open: boolean) => void;
}) {
  const profile = useSession();
  const divisionId = useDivisionId();
  const actions = useLegendDocumentActions(item.id);
  const can = documentPermissions(profile, 'Legend Item');
  return (
    <Stack gap="xs" mt="lg">
      <Divider />
      <Title order={3} fz="md" id={`legend-documents-${item.id}`}>
        Documents
      </Title>
      <DocumentList
        label={`Documents of ${item.name}`}
        divisionId={divisionId}
        documents={item.uploads}
        status="ready"
        initialRows={DOCUMENT_ROWS}
        can={
          readOnly
            ? { ...can, upload: false, sort: false, rename: false, replace: false, destroy: false }
            : can
        }
        record={actions.record}
        move={actions.move}
        destroy={actions.destroy}
        refresh={actions.refresh}
        testId="legend-documents"
        onDialogChange={onDialogChange}
      />
    </Stack>
  );
}

function LegendItemView({
  item,
  onClose,
  onEdit,
  onDialogChange,
}: {
  item: LegendItemDetail;
  onClose: () => void;
  onEdit: () => void;
  onDialogChange: (open: boolean) => void;
}) {
  const profile = useSession();
  const canUpdate = hasPermission(profile, 'update', 'Legend Item');
  return (
    <Stack gap="md" data-testid="legend-item-view">
      <Field label="Name">
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {item.name}
        </Text>
      </Field>
      <Field label="Type">
        <Badge variant="light" color={item.type === 'pollutant' ? 'orange' : 'blue'} radius="sm">
          {TYPE_LABELS[item.type]}
        </Badge>
      </Field>
      <Field label="Regulations">
        {item.document_groups.length === 0 ? (
          <Text fz="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Group gap={6}>
            {item.document_groups.map((group) => (
              <Badge key={group.id} variant="outline" color="gray" radius="sm" tt="none">
                {group.name}
              </Badge>
            ))}
          </Group>
        )}
      </Field>
      <SymbolField symbol={item.map_symbol} />
      <ItemDocuments item={item} readOnly onDialogChange={onDialogChange} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {canUpdate && (
          <Button leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}
