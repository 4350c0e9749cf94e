import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useController, useForm, useWatch, type Control, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import type * as z from 'zod/mini';
import { withRegion } from '@stormline/contract/address';
import { ProjectCreate } from '@stormline/contract/areas/projects';
import { localDate } from '@stormline/domain/local-date';
import {
  coordinateIssues,
  projectDateIssues,
  projectOptionFields,
  resolveProjectOptions,
  routineIntervalDays,
  routineIntervalIssues,
  SITE_MAP_DOC_TYPE_ID,
  type TemplateProjectOptions,
} from '@stormline/domain/project-rules';
import { permitIssues } from '@stormline/domain/permit-rules';
import {
  addressIssues,
  defaultTimeZone,
  TIME_ZONES,
  timeZoneIssues,
  UK_COUNTRIES,
  US_STATES,
  type Region,
} from '@stormline/domain/region';
import { ASSIGNABLE_INSPECTOR_ROLES, type RoleName } from '@stormline/domain/roles';
import {
  CheckboxField,
  FormServerError,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  useServerSubmit,
} from '../../../components/form';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { hasPermission } from '../../../lib/page-access';
import { useDivisionId } from '../../../lib/division-context';
import { useCreateProject, type ProjectCreateInput } from '../api/create-project';
import { updateProject, type ProjectDetail } from '../api/projects';
import { defaultPermit, PERMIT_FIELDS, PermitFields } from './permit-fields';
import {
  useClientOptions,
  useDocTypeOptions,
  useInspectorOptions,
  useRegulationOptions,
  useTemplateOptions,
  type TemplateOption,
} from '../api/project-form-options';

/** Spec 001 §2: after the success notification the new project opens 2 seconds later. */
export const PROJECT_REDIRECT_DELAY_MS = 2000;

/** Spec 001 §9: search inputs other than a list's ask the server 500 ms after the last keystroke. */
const CLIENT_SEARCH_DELAY_MS = 500;

type ProjectValues = z.input<typeof ProjectCreate>;
type ProjectOutput = z.output<typeof ProjectCreate>;

/** The fields the server may name in a refusal (useServerSubmit puts each issue under its field). */
const PROJECT_FIELDS = [
  'client_id',
  'inspection_template_id',
  'name',
  'inspector_user_id',
  'latitude',
  'longitude',
  'document_group_id',
  'routine_interval',
  'permittee',
  'address.street_1',
  'address.city',
  'address.state_id',
  'address.country_id',
  'address.zip',
  'timezone',
  'start_date',
  'end_date',
  'next_inspection_date',
  'notes',
  'docTypes',
  'isCcrProject',
  'inspection_compliance_required',
  'findingComplianceRequired',
  'cgp_tracking_id',
] as const;

/** Every field a refusal may name: the project's and the permit section's. */
const FORM_FIELDS = [...PROJECT_FIELDS, ...PERMIT_FIELDS] as readonly Path<ProjectValues>[];

/* The address choices are the domain's reference lists (the same as GET /api/clients/geoData). */
const US_STATE_OPTIONS = US_STATES.map((s) => ({ value: s.id, label: `${s.name} (${s.abbreviation})` }));
const UK_COUNTRY_OPTIONS = UK_COUNTRIES.map((c) => ({ value: c.id, label: c.name }));

/** The domain's view of a template's flags (docs/decisions/0014). */
function optionsOf(template: TemplateOption): TemplateProjectOptions {
  return { hasComplianceCert: template.has_compliance_cert, ...template.projectOptions };
}

const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/**
 * The Create project modal's checks beyond the schema's: the region's address and time zone,
 * coordinates to 6 places, the interval, the dates (the next inspection not before today in the
 * project's zone) and the template's conditional options: the domain functions the server runs.
 */
function projectIssues(
  region: Region,
  templates: readonly TemplateOption[],
  storedNextDate: string | null = null,
) {
  return (value: ProjectOutput) => {
    const template = templates.find((t) => t.id === value.inspection_template_id);
    const zoneIssues = timeZoneIssues(region, value.timezone);
    // Editing: a next date already stored (even one now past) is not checked again, as on the server.
    const dates =
      storedNextDate !== null && value.next_inspection_date === storedNextDate
        ? { ...value, next_inspection_date: null }
        : value;
    return [
      ...coordinateIssues(value.latitude, value.longitude),
      ...routineIntervalIssues(value.routine_interval),
      ...addressIssues(region, value.address ?? {}, { prefix: 'address.', required: false }),
      ...zoneIssues,
      ...(zoneIssues.length === 0 ? projectDateIssues(dates, value.timezone, new Date()) : []),
      ...(template
        ? resolveProjectOptions(optionsOf(template), applicableOptions(template, value)).issues
        : []),
      ...(value.permit ? permitIssues(value.permit, region) : []),
    ];
  };
}

/** Only the options the chosen template shows are sent: the server refuses the others (0014). */
function applicableOptions(template: TemplateOption, values: ProjectOutput) {
  const shown = projectOptionFields(optionsOf(template), values.inspection_compliance_required ?? true);
  return {
    isCcrProject: shown.isCcrProject ? (values.isCcrProject ?? false) : undefined,
    inspection_compliance_required: shown.inspection_compliance_required
      ? (values.inspection_compliance_required ?? true)
      : undefined,
    findingComplianceRequired: shown.findingComplianceRequired
      ? (values.findingComplianceRequired ?? true)
      : undefined,
    cgp_tracking_id: shown.cgp_tracking_id ? blank(values.cgp_tracking_id) : undefined,
  };
}

/** What the modal sends: the interval rounded up, blanks as null, the region's address fields. */
export function projectBody(
  values: ProjectOutput,
  template: TemplateOption | undefined,
  region: Region,
): ProjectCreateInput {
  const address = values.address ?? {};
  return {
    client_id: values.client_id,
    inspection_template_id: values.inspection_template_id,
    name: values.name,
    inspector_user_id: values.inspector_user_id,
    latitude: values.latitude,
    longitude: values.longitude,
    document_group_id: values.document_group_id,
    routine_interval: routineIntervalDays(values.routine_interval),
    permittee: blank(values.permittee),
    address: {
      street_1: blank(address.street_1),
      city: blank(address.city),
      ...(region === 'US'
        ? { state_id: blank(address.state_id) }
        : { country_id: blank(address.country_id) }),
      zip: blank(address.zip),
    },
    timezone: values.timezone,
    start_date: blank(values.start_date),
    end_date: blank(values.end_date),
    next_inspection_date: blank(values.next_inspection_date),
    notes: blank(values.notes),
    docTypes: values.docTypes ?? [],
    ...(template ? applicableOptions(template, values) : {}),
    ...(values.permit ? { permit: values.permit } : {}),
    // On a CGP form type the CGP tracking ID is the permit's number (0049).
    permit_number: template && !optionsOf(template).cgp ? blank(values.permit_number) : null,
  };
}

function emptyValues(region: Region, clientId: string | undefined): ProjectValues {
  return {
    client_id: clientId ?? '',
    inspection_template_id: '',
    name: '',
    inspector_user_id: '',
    latitude: null as unknown as number,
    longitude: null as unknown as number,
    document_group_id: '',
    routine_interval: null as unknown as number,
    permittee: '',
    address: { street_1: '', city: '', state_id: '', country_id: '', zip: '' },
    timezone: defaultTimeZone(region),
    start_date: null,
    end_date: null,
    next_inspection_date: null,
    notes: '',
    docTypes: [],
    // Spec 001 §5: "Default project compliance options are true".
    isCcrProject: false,
    inspection_compliance_required: true,
    findingComplianceRequired: true,
    cgp_tracking_id: '',
    permit: defaultPermit(region),
    permit_number: '',
  };
}

/** Edit Project starts from the project as stored. */
function storedValues(project: ProjectDetail): ProjectValues {
  return {
    client_id: project.client_id,
    inspection_template_id: project.inspection_template_id ?? '',
    name: project.name,
    inspector_user_id: project.inspector_user_id ?? '',
    latitude: project.address.latitude,
    longitude: project.address.longitude,
    document_group_id: project.document_group_id ?? '',
    routine_interval: project.routine_interval,
    permittee: project.permittee ?? '',
    address: {
      street_1: project.address.street_1 ?? '',
      city: project.address.city ?? '',
      state_id: project.address.state_id ?? '',
      country_id: project.address.country_id ?? '',
      zip: project.address.zip ?? '',
    },
    timezone: project.timezone,
    start_date: project.start_date,
    end_date: project.end_date,
    next_inspection_date: project.next_inspection_date,
    notes: project.notes ?? '',
    docTypes: project.docTypes.map((t) => t.id).filter((id) => id !== SITE_MAP_DOC_TYPE_ID),
    isCcrProject: project.isCcrProject,
    inspection_compliance_required: project.inspection_compliance_required,
    findingComplianceRequired: project.findingComplianceRequired,
    cgp_tracking_id: project.cgp_tracking_id ?? '',
    permit: project.permit,
    permit_number: project.permit_number ?? '',
  };
}

/** The document types, bound to the form; 'Active Site Maps' is every project's and not offered. */
function DocTypesField({ control }: { control: Control<ProjectValues> }) {
  const divisionId = useDivisionId();
  const { data, isLoading } = useDocTypeOptions(divisionId);
  const {
    field: { ref, value, onChange, onBlur, name },
    fieldState,
  } = useController({ control, name: 'docTypes' });
  return (
    <MultiSelect
      ref={ref}
      name={name}
      label="Document types"
      description="Active Site Maps is always included."
      placeholder={isLoading ? 'Loading…' : 'Choose document types'}
      data={(data ?? [])
        .filter((type) => type.id !== SITE_MAP_DOC_TYPE_ID)
        .map((type) => ({ value: type.id, label: type.name }))}
      value={value ?? []}
      onChange={onChange}
      onBlur={onBlur}
      error={fieldState.error?.message}
      searchable
      openOnFocus={false}
      clearable
    />
  );
}

/** A calendar date ('YYYY-MM-DD', the browser's date picker); a cleared box is no date (null). */
function DateField({
  control,
  name,
  ...props
}: {
  control: Control<ProjectValues>;
  name: 'start_date' | 'end_date' | 'next_inspection_date';
} & Pick<TextInputProps, 'label' | 'min' | 'description'>) {
  const {
    field: { ref, ...input },
    fieldState,
  } = useController({ control, name });
  return (
    <TextInput
      {...props}
      ref={ref}
      name={input.name}
      type="date"
      value={input.value ?? ''}
      onChange={(event) => input.onChange(event.currentTarget.value || null)}
      onBlur={input.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** The Client select of the modal opened from the project list: the server searches the names. */
function ClientSelect({ control }: { control: Control<ProjectValues> }) {
  const divisionId = useDivisionId();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, CLIENT_SEARCH_DELAY_MS);
  const { data, isLoading } = useClientOptions(divisionId, debounced, true);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const {
    field: { ref, value, onChange, onBlur, name },
    fieldState,
  } = useController({ control, name: 'client_id' });
  const options = [...(data ?? [])];
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      ref={ref}
      name={name}
      label="Client"
      withAsterisk
      searchable
      openOnFocus={false}
      data={options}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        setChosen(option ?? null);
        onChange(next ?? '');
      }}
      onBlur={onBlur}
      rightSection={isLoading ? <Loader size="xs" /> : undefined}
      nothingFoundMessage={isLoading ? 'Searching…' : 'No clients found'}
      error={fieldState.error?.message}
      data-autofocus
    />
  );
}

export interface CreateProjectModalProps {
  opened: boolean;
  onClose: () => void;
  /** The client page's client, fixed in the form; without it the modal asks for one. */
  client?: { id: string; name: string };
  /** Called once the project exists (the client page reads its Projects tab again). */
  onCreated?: () => void;
}

function ProjectForm({
  onClose,
  client,
  onCreated,
  editing,
}: Omit<CreateProjectModalProps, 'opened'> & { editing?: ProjectDetail }) {
  const divisionId = useDivisionId();
  const navigate = useNavigate();
  const profile = useSession();
  const region = profile.appConstants.region;
  const templates = useTemplateOptions(divisionId);
  // Choosing who inspects is for those who create projects (0018); others see the inspector as is.
  const choosesInspector = hasPermission(profile, 'create', 'Project');
  const inspectors = useInspectorOptions(divisionId, choosesInspector);
  const regulations = useRegulationOptions(divisionId);
  const { trigger: createProject } = useCreateProject(divisionId, onCreated);
  const fixedClient = editing ? { id: editing.client_id, name: editing.client.name } : client;
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);

  const schema = useMemo(
    () =>
      withRegion(
        ProjectCreate,
        projectIssues(region, templates.data ?? [], editing?.next_inspection_date ?? null),
      ),
    [region, templates.data, editing],
  );
  // The searchable selects open on a click or on typing, not on focus (openOnFocus={false}): a
  // refused submit focuses the first invalid field, and an open list would cover its message.
  const form = useForm<ProjectValues, unknown, ProjectOutput>({
    resolver: zodResolver(schema),
    defaultValues: editing ? storedValues(editing) : emptyValues(region, client?.id),
  });
  const { control, setValue } = form;
  const [templateId, complianceRequired, timezone, ruleSetId] = useWatch({
    control,
    name: ['inspection_template_id', 'inspection_compliance_required', 'timezone', 'permit.ruleSetId'],
  });
  const template = templates.data?.find((t) => t.id === templateId);
  const shown = template
    ? projectOptionFields(optionsOf(template), complianceRequired ?? true)
    : {
        isCcrProject: false,
        inspection_compliance_required: false,
        findingComplianceRequired: false,
        cgp_tracking_id: false,
      };
  // "Today" for the next inspection is the project's own, in its time zone.
  const today = localDate(timezone || defaultTimeZone(region), new Date());

  const { submit, serverError } = useServerSubmit(form, FORM_FIELDS, async (values) => {
    if (editing) {
      // The client, form type and regulations stay (spec 002 §2 Edit Project); the version read
      // makes a change someone saved meanwhile a 409, not a silent overwrite.
      const {
        client_id: _client,
        inspection_template_id: _template,
        document_group_id: _group,
        ...changes
      } = projectBody(values, template, region);
      await updateProject(divisionId, editing.id, { ...changes, version: editing.version });
      notifications.show({ color: 'teal', title: 'Project updated', message: `${values.name} was saved.` });
      onClose();
      return;
    }
    const project = await createProject(projectBody(values, template, region));
    notifications.show({ color: 'teal', title: 'Project created', message: `${project.name} was created.` });
    setCreated({ id: project.id, name: project.name });
  });

  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(
      () => void navigate(paths.app.project.getHref(divisionId, created.id)),
      PROJECT_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [created, divisionId, navigate]);

  const inspectorOptions = choosesInspector
    ? (inspectors.data ?? [])
        .filter((user) => ASSIGNABLE_INSPECTOR_ROLES.includes(user.roleName as RoleName))
        .map((user) => ({ value: user.id, label: `${user.name} (${user.roleName})` }))
    : editing?.inspector
      ? [{ value: editing.inspector.id, label: editing.inspector.name }]
      : [];
  const { isSubmitting } = form.formState;
  const busy = isSubmitting || created !== null;
  const listError = templates.error ?? inspectors.error ?? regulations.error;

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Edit project' : 'Create project'}>
      <Stack gap="lg">
        {listError && (
          <Alert color="red" variant="light" title="Some choices could not be loaded">
            {listError instanceof Error ? listError.message : 'An unknown error has occurred'}
          </Alert>
        )}
        <Fieldset legend="Project" disabled={busy} variant="unstyled">
          <Stack gap="sm">
            {fixedClient ? (
              <Select
                label="Client"
                data={[{ value: fixedClient.id, label: fixedClient.name }]}
                value={fixedClient.id}
                disabled
              />
            ) : (
              <ClientSelect control={control} />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <SelectField
                control={control}
                name="inspection_template_id"
                label="Inspection form type"
                withAsterisk
                disabled={Boolean(editing)}
                searchable
                openOnFocus={false}
                placeholder={templates.isLoading ? 'Loading…' : 'Choose a form type'}
                data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
                nothingFoundMessage="No inspection form types found"
                onOptionSubmit={() => {
                  // A new form type starts its options from their defaults.
                  setValue('isCcrProject', false);
                  setValue('inspection_compliance_required', true);
                  setValue('findingComplianceRequired', true);
                  setValue('cgp_tracking_id', '');
                }}
                data-autofocus={client && !editing ? true : undefined}
              />
              <TextField control={control} name="name" label="Project name" withAsterisk maxLength={355} />
              <SelectField
                control={control}
                name="inspector_user_id"
                label="Inspector"
                withAsterisk
                disabled={!choosesInspector}
                description={choosesInspector ? undefined : 'Changed by those who create projects'}
                searchable
                openOnFocus={false}
                placeholder={inspectors.isLoading ? 'Loading…' : 'Choose an inspector'}
                data={inspectorOptions}
                nothingFoundMessage="No inspectors found"
              />
              <SelectField
                control={control}
                name="document_group_id"
                label="Regulations"
                withAsterisk
                disabled={Boolean(editing)}
                searchable
                openOnFocus={false}
                placeholder={regulations.isLoading ? 'Loading…' : 'Choose regulations'}
                data={(regulations.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
                nothingFoundMessage="No regulations found"
              />
            </SimpleGrid>
            <TextField control={control} name="permittee" label="Permittee (if different than client)" />
          </Stack>
        </Fieldset>

        {template &&
          (shown.isCcrProject || shown.inspection_compliance_required || shown.cgp_tracking_id) && (
            <Fieldset legend="Options of this form type" disabled={busy} data-testid="project-options">
              <Stack gap="sm">
                {shown.isCcrProject && (
                  <CheckboxField control={control} name="isCcrProject" label="CCR project" />
                )}
                {shown.inspection_compliance_required && (
                  <CheckboxField
                    control={control}
                    name="inspection_compliance_required"
                    label="Compliance signature required"
                  />
                )}
                {shown.findingComplianceRequired && (
                  <CheckboxField
                    control={control}
                    name="findingComplianceRequired"
                    label="Completed findings required for compliance"
                  />
                )}
                {shown.cgp_tracking_id && (
                  <TextField
                    control={control}
                    name="cgp_tracking_id"
                    label="CGP tracking ID"
                    withAsterisk
                    maxLength={50}
                  />
                )}
              </Stack>
            </Fieldset>
          )}

        <Fieldset legend="Location" disabled={busy} variant="unstyled">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberField
                control={control}
                name="latitude"
                label="Latitude"
                withAsterisk
                decimalScale={6}
                min={-90}
                max={90}
                hideControls
              />
              <NumberField
                control={control}
                name="longitude"
                label="Longitude"
                withAsterisk
                decimalScale={6}
                min={-180}
                max={180}
                hideControls
              />
              <TextField control={control} name="address.street_1" label="Street" autoComplete="off" />
              <TextField control={control} name="address.city" label="City" autoComplete="off" />
              <PlaceSelect control={control} region={region} />
              <TextField
                control={control}
                name="address.zip"
                label={region === 'US' ? 'Zip code' : 'Postcode'}
                maxLength={region === 'US' ? 5 : 8}
                inputMode={region === 'US' ? 'numeric' : 'text'}
                autoComplete="off"
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <PermitFields
          control={control}
          region={region}
          showsPermitNumber={!shown.cgp_tracking_id}
          // The permit is chosen by those who create projects (the server refuses others' change).
          disabled={busy || !choosesInspector}
        />

        <Fieldset legend="Schedule" disabled={busy} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <SelectField
              control={control}
              name="timezone"
              label="Time zone"
              withAsterisk
              allowDeselect={false}
              data={TIME_ZONES[region].map((zone) => ({ value: zone.id, label: zone.label }))}
            />
            <NumberField
              control={control}
              name="routine_interval"
              label="Routine inspection interval (days)"
              description={
                ruleSetId === undefined || ruleSetId === 'fixed-interval'
                  ? 'Rounded up to whole days.'
                  : 'Used on the fixed interval; the permit above sets the routine frequency.'
              }
              withAsterisk
              min={1}
              max={999}
              decimalScale={2}
            />
            <DateField control={control} name="start_date" label="Start date" />
            <DateField control={control} name="end_date" label="End date" />
            <DateField
              control={control}
              name="next_inspection_date"
              label="Next inspection date"
              min={today}
              description="Not before today in the project's time zone."
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Documents and notes" disabled={busy} variant="unstyled">
          <Stack gap="sm">
            <DocTypesField control={control} />
            <TextareaField control={control} name="notes" label="Notes" rows={3} />
          </Stack>
        </Fieldset>

        <FormServerError error={serverError} />
        {created && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {created.name} was created. Opening the project…
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={created !== null}>
            {editing ? 'Save' : 'Create Project'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The state (US) or country (UK) of the project's address, optional. */
function PlaceSelect({ control, region }: { control: Control<ProjectValues>; region: Region }) {
  return region === 'US' ? (
    <SelectField
      control={control}
      name="address.state_id"
      label="State"
      searchable
      openOnFocus={false}
      clearable
      data={US_STATE_OPTIONS}
    />
  ) : (
    <SelectField
      control={control}
      name="address.country_id"
      label="Country"
      clearable
      data={UK_COUNTRY_OPTIONS}
    />
  );
}

/**
 * Spec 001 §2 "Create project modal": every field of the project, the conditional options of the
 * chosen form type, success then the project after 2 seconds. Opened from the client page and
 * the project list (the app composes it into their screens).
 */
export function CreateProjectModal({ opened, onClose, client, onCreated }: CreateProjectModalProps) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Create New Project"
      size="xl"
      radius="lg"
      fullScreen={narrow}
    >
      {/* Mounted per opening: a new project starts from an empty form. */}
      {opened && <ProjectForm onClose={onClose} client={client} onCreated={onCreated} />}
    </Modal>
  );
}

/**
 * Spec 002 §2 "Edit Project": the create modal's form filled from the project, the client, form
 * type and regulations shown but fixed; saved at the version read.
 */
export function EditProjectModal({
  opened,
  onClose,
  project,
}: {
  opened: boolean;
  onClose: () => void;
  project: ProjectDetail;
}) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Project" size="xl" radius="lg" fullScreen={narrow}>
      {opened && <ProjectForm onClose={onClose} editing={project} />}
    </Modal>
  );
}
