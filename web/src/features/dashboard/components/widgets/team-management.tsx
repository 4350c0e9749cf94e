import { useDeferredValue, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconUserShare } from '@tabler/icons-react';
import { REASSIGN_LIMIT_MESSAGE, REASSIGN_MAX } from '@stormline/domain/dashboard-rules';
import { displayDate } from '@stormline/domain/local-date';
import { ListError } from '../../../../components/list-error';
import { LIST_FORBIDDEN_MESSAGE } from '../../../../components/data-table';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/errors';
import {
  loadMemberSites,
  loadTeam,
  reassignProjects,
  useAssignableInspectors,
  useWidgetPages,
  type TeamMember,
  type TeamSite,
} from '../../api/dashboard';
import { useCelebrate } from '../success-check';
import { WidgetFrame, type WidgetChrome } from '../widget-frame';
import { useWidgetSearch, WidgetSearch, WidgetTableBox, WIDGET_SEARCH_DELAY_MS } from '../widget-table';

/** Spec 000 §2: the role filter's first option, as the spec writes it. */
const ALL_USERS = "All User's";

/** Spec 000 §2 Team Management: who inspects which sites, with Re-assign to another inspector. */
export function TeamManagementWidget({ chrome, divisionId }: { chrome: WidgetChrome; divisionId: string }) {
  const [role, setRole] = useState(ALL_USERS);
  const search = useWidgetSearch();
  // The server searches names and sites (a division has more inspectors than a page holds).
  const list = useWidgetPages(divisionId, 'team', [search.query], loadTeam(divisionId, search.query));
  // Each member once: a later page of name matches may repeat a site's inspector from the first.
  // Rendered in a transition React slices (see WidgetTable).
  const rows = useDeferredValue(list.rows);
  const pages = rows?.filter((m, i, all) => all.findIndex((o) => o.id === m.id) === i);
  const [open, setOpen] = useState<string[]>([]);
  // The members whose "More sites" were asked for: kept here, so a reload of the list keeps them.
  const [moreOf, setMoreOf] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [reassigning, setReassigning] = useState(false);
  const celebrate = useCelebrate();

  const roles = [...new Set((pages ?? []).map((m) => m.roleName))].sort();
  const members = (pages ?? []).filter((m) => role === ALL_USERS || m.roleName === role);
  const toggle = (projectId: string, on: boolean) =>
    setSelected((ids) => (on ? [...new Set([...ids, projectId])] : ids.filter((id) => id !== projectId)));

  const forbidden = list.error instanceof ApiError && list.error.status === 403;
  return (
    <WidgetFrame
      chrome={chrome}
      actions={
        <Button
          size="compact-sm"
          leftSection={<IconUserShare size={14} />}
          variant={selected.length === 0 ? 'light' : 'filled'}
          aria-disabled={selected.length === 0 || undefined}
          // Spec 000 §5: Re-assign does nothing when nothing is selected.
          onClick={() => selected.length > 0 && selected.length <= REASSIGN_MAX && setReassigning(true)}
        >
          Re-assign ({selected.length})
        </Button>
      }
    >
      <Group gap="xs" wrap="wrap">
        <Select
          size="xs"
          aria-label="Role"
          data={[ALL_USERS, ...roles]}
          value={role}
          onChange={(value) => setRole(value ?? ALL_USERS)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', xs: 200 }}
        />
        <WidgetSearch search={search} label="Search names and sites" />
      </Group>
      {selected.length > REASSIGN_MAX && (
        <Text fz="sm" c="red.8" role="alert">
          {REASSIGN_LIMIT_MESSAGE}
        </Text>
      )}
      <WidgetTableBox>
        {forbidden ? (
          <Text c="dimmed" ta="center" py="md" fz="sm">
            {LIST_FORBIDDEN_MESSAGE}
          </Text>
        ) : list.error ? (
          <ListError error={list.error} onRetry={list.reload} />
        ) : list.loading || !rows ? (
          <Stack gap={6} aria-busy>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} h={40} radius="md" />
            ))}
          </Stack>
        ) : members.length === 0 ? (
          <Text c="dimmed" ta="center" py="md" fz="sm">
            No team members found
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Team members">
            {members.map((member) => {
              const expanded = open.includes(member.id);
              const panelId = `team-${member.id}`;
              return (
                <li key={member.id}>
                  <UnstyledButton
                    w="100%"
                    p="xs"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() =>
                      setOpen((ids) =>
                        expanded ? ids.filter((id) => id !== member.id) : [...ids, member.id],
                      )
                    }
                    style={{ borderRadius: 8, background: 'var(--mantine-color-gray-0)' }}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="xs" wrap="nowrap" miw={0}>
                        {expanded ? (
                          <IconChevronDown size={16} aria-hidden />
                        ) : (
                          <IconChevronRight size={16} aria-hidden />
                        )}
                        <Text fw={600} fz="sm" truncate>
                          {member.name}
                        </Text>
                        <Text fz="xs" c="dimmed" visibleFrom="xs" truncate>
                          {member.roleName}
                        </Text>
                      </Group>
                      {/* The count keeps its width; a long name or role gives way first. */}
                      <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
                        {member.inspections.length}
                        {member.moreSites ? '+' : ''} site
                        {member.inspections.length === 1 && !member.moreSites ? '' : 's'}
                      </Badge>
                    </Group>
                  </UnstyledButton>
                  {/* A closed member's sites are not rendered (keepMounted would build every checkbox). */}
                  <Collapse expanded={expanded} id={panelId} keepMounted={false}>
                    <Stack gap={4} pl="xl" py={6}>
                      {member.inspections.length === 0 && (
                        <Text fz="sm" c="dimmed">
                          No sites assigned
                        </Text>
                      )}
                      {member.inspections.map((site) => (
                        <SiteCheckbox key={site.projectId} site={site} selected={selected} toggle={toggle} />
                      ))}
                      {member.moreSites &&
                        (moreOf.includes(member.id) ? (
                          <MoreSites
                            divisionId={divisionId}
                            member={member}
                            first={member.moreSites}
                            selected={selected}
                            toggle={toggle}
                          />
                        ) : (
                          <MoreSitesButton
                            name={member.name}
                            onClick={() => setMoreOf((ids) => [...ids, member.id])}
                          />
                        ))}
                    </Stack>
                  </Collapse>
                </li>
              );
            })}
          </Stack>
        )}
      </WidgetTableBox>
      {list.hasMore && (
        <Button variant="subtle" size="xs" w="fit-content" loading={list.loadingMore} onClick={list.loadMore}>
          Load more
        </Button>
      )}
      {/* Mounted only while open: six closed dialogs were a part of the dashboard's first commit. */}
      {reassigning && (
        <ReassignModal
          opened
          divisionId={divisionId}
          count={selected.length}
          onClose={() => setReassigning(false)}
          onSubmit={async (userId) => {
            const done = await reassignProjects(divisionId, userId, selected);
            setReassigning(false);
            setSelected([]);
            celebrate(`${done.reassigned.length} site${done.reassigned.length === 1 ? '' : 's'} re-assigned`);
          }}
        />
      )}
    </WidgetFrame>
  );
}

type Toggle = (projectId: string, on: boolean) => void;

/** A site of a member, checkable for Re-assign. */
function SiteCheckbox({ site, selected, toggle }: { site: TeamSite; selected: string[]; toggle: Toggle }) {
  return (
    <Checkbox
      size="sm"
      checked={selected.includes(site.projectId)}
      onChange={(event) => toggle(site.projectId, event.currentTarget.checked)}
      label={
        <Text fz="sm" span>
          {site.siteName}{' '}
          <Text span c="dimmed" fz="xs">
            {site.clientName}
            {site.dueDate ? ` · due ${displayDate(site.dueDate)}` : ''}
          </Text>
        </Text>
      }
    />
  );
}

/**
 * The rest of a member's sites, read once asked for ("More sites"), a page at a time: the team
 * page carries only each member's first few.
 */
function MoreSites({
  divisionId,
  member,
  first,
  selected,
  toggle,
}: {
  divisionId: string;
  member: TeamMember;
  first: string;
  selected: string[];
  toggle: Toggle;
}) {
  const list = useWidgetPages(
    divisionId,
    'team-sites',
    [member.id, first],
    loadMemberSites(divisionId, member.id, first),
  );
  if (list.error) return <ListError error={list.error} onRetry={list.reload} />;
  if (list.loading) return <Skeleton h={24} radius="sm" aria-busy />;
  return (
    <>
      {list.rows?.map((site) => (
        <SiteCheckbox key={site.projectId} site={site} selected={selected} toggle={toggle} />
      ))}
      {list.hasMore && (
        <MoreSitesButton name={member.name} loading={list.loadingMore} onClick={list.loadMore} />
      )}
    </>
  );
}

function MoreSitesButton({
  name,
  loading,
  onClick,
}: {
  name: string;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      w="fit-content"
      loading={loading}
      aria-label={`More sites of ${name}`}
      onClick={onClick}
    >
      More sites
    </Button>
  );
}

/** The Change Inspector modal of Re-assign: the new inspector for every selected site. */
function ReassignModal({
  opened,
  divisionId,
  count,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  divisionId: string;
  count: number;
  onClose: () => void;
  onSubmit: (userId: string) => Promise<void>;
}) {
  const [userId, setUserId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), WIDGET_SEARCH_DELAY_MS);
  const inspectors = useAssignableInspectors(divisionId, query, opened);
  const options = (inspectors.data?.pageData ?? []).map((i) => ({
    value: i.id,
    label: `${i.name} (${i.roleName})`,
  }));
  // The chosen inspector stays an option while a search shows others.
  const data = chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title="Change Inspector" radius="lg">
      <Stack>
        <Text fz="sm">
          Choose the inspector for the {count} selected site{count === 1 ? '' : 's'}.
        </Text>
        <Select
          label="Inspector"
          placeholder="Select Inspector"
          searchable
          data={data}
          value={userId}
          searchValue={search}
          onSearchChange={setSearch}
          onChange={(value, option) => {
            setUserId(value);
            setChosen(value ? option : null);
          }}
          nothingFoundMessage={inspectors.isLoading ? 'Loading…' : 'No inspectors found'}
          comboboxProps={{ withinPortal: true }}
          required
        />
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={busy}
            onClick={async () => {
              if (!userId) return setError('Please select an inspector');
              setBusy(true);
              setError(null);
              try {
                await onSubmit(userId);
              } catch (failure) {
                setError(errorMessage(failure, 'An unknown error has occurred'));
              } finally {
                setBusy(false);
              }
            }}
          >
            Re-assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
