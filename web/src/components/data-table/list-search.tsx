import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_TEXT_MAX_LENGTH } from '@stormline/contract/schemas';
import type { ServerList } from '../../lib/list/server-list';

/** The search box of a server list: typing updates the URL's `search` after the list delay. */
export function ListSearch({
  list,
  label,
  placeholder,
}: {
  list: Pick<ServerList<unknown>, 'searchText' | 'setSearchText'>;
  label: string;
  placeholder?: string;
}) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder ?? label}
      leftSection={<IconSearch size={16} aria-hidden />}
      // The contract's limit: a longer search would be refused, so it cannot be typed.
      maxLength={SEARCH_TEXT_MAX_LENGTH}
      value={list.searchText}
      onChange={(event) => list.setSearchText(event.currentTarget.value)}
      w={{ base: '100%', xs: 320 }}
    />
  );
}
