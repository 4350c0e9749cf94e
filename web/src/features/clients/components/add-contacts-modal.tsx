import { useState } from 'react';
import useSWR from 'swr';
import { Button, Group, Loader, Modal, MultiSelect, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CLIENT_MESSAGES, CONTACT_SEARCH_MIN_LENGTH } from '@stormline/domain/client-rules';
import { ServerError } from '../../../components/server-error';
import { cacheKey } from '../../../lib/cache-keys';
import { errorMessage } from '../../../lib/errors';
import { searchContactCandidates, type ContactCandidate } from '../api/contacts';

/** Spec 001 §9: search inputs other than a list's ask the server 500 ms after the last keystroke. */
export const CONTACT_SEARCH_DELAY_MS = 500;

interface Props {
  divisionId: string;
  /** Who is a contact already: not offered again. */
  contactIds: readonly string[];
  onClose: () => void;
  onSubmit: (userIds: string[]) => Promise<void>;
}

const labelOf = (user: ContactCandidate) => `${user.first_name} ${user.last_name} (${user.email})`;

function AddContactsForm({ divisionId, contactIds, onClose, onSubmit }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), CONTACT_SEARCH_DELAY_MS);
  // Spec 001 §2: "user search needs at least 3 characters".
  const searching = debounced.length >= CONTACT_SEARCH_MIN_LENGTH;
  const results = useSWR(searching ? cacheKey(divisionId, 'clients/contact-search', debounced) : null, () =>
    searchContactCandidates(divisionId, debounced),
  );
  const [chosen, setChosen] = useState<ContactCandidate[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const offered = (results.data ?? []).filter(
    (user) => !contactIds.includes(user.id) && !chosen.some((c) => c.id === user.id),
  );
  const data = [...chosen, ...offered].map((user) => ({ value: user.id, label: labelOf(user) }));
  const tooShort = search.trim().length < CONTACT_SEARCH_MIN_LENGTH;
  const pending = !tooShort && (search.trim() !== debounced || results.isLoading);

  return (
    <form
      noValidate
      aria-label="Add Contact"
      onSubmit={async (event) => {
        event.preventDefault();
        if (chosen.length === 0) {
          setFieldError(CLIENT_MESSAGES.contactsRequired);
          return;
        }
        setBusy(true);
        setError(null);
        try {
          await onSubmit(chosen.map((user) => user.id));
          onClose();
        } catch (failure) {
          setError(errorMessage(failure));
          setBusy(false);
        }
      }}
    >
      <Stack gap="md">
        <MultiSelect
          label="Users"
          withAsterisk
          description={`Type at least ${CONTACT_SEARCH_MIN_LENGTH} characters of a name or email to search the division's users.`}
          placeholder={chosen.length ? '' : 'Search users'}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server has searched: every answer it gave is a match.
          filter={({ options }) => options}
          data={data}
          value={chosen.map((user) => user.id)}
          onChange={(ids) => {
            const known = [...chosen, ...offered];
            setChosen(ids.flatMap((id) => known.filter((user) => user.id === id)));
            setFieldError(null);
            // A person chosen, the box is ready for the next search.
            setSearch('');
          }}
          rightSection={pending ? <Loader size="xs" /> : undefined}
          nothingFoundMessage={
            tooShort
              ? `Type at least ${CONTACT_SEARCH_MIN_LENGTH} characters`
              : pending
                ? 'Searching…'
                : results.error
                  ? errorMessage(results.error)
                  : 'No users found'
          }
          error={fieldError}
          data-autofocus
          data-testid="contact-search"
        />
        {error && <ServerError>{error}</ServerError>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Add Contact
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Spec 001 §2 "Add contact: users required; user search needs at least 3 characters." */
export function AddContactsModal({ opened, ...props }: Props & { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="Add Contact" size="lg" radius="lg">
      {opened && <AddContactsForm {...props} />}
    </Modal>
  );
}
