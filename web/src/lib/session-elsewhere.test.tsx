import { render, screen } from '@testing-library/react';
import useSWR from 'swr';
import { describe, expect, it } from 'vitest';
import './auth';
import { storage } from './storage';

/** A screen that lists rows from the cache under one key, the way every list screen does. */
function Rows({ load, list }: { load: () => Promise<string>; list: string }) {
  const { data } = useSWR(['', list], load);
  return <p>{data ?? 'Loading…'}</p>;
}

describe('a session that changes in another tab', () => {
  it('drops this tab’s cached answers, so the next account never sees the last one’s', async () => {
    storage.setToken('first-users-token');
    const first = render(<Rows list="clients/list" load={async () => 'Rows the first user may see'} />);
    await screen.findByText('Rows the first user may see');
    first.unmount();

    // Another tab signs in as someone else: the browser tells this tab through a storage event.
    window.localStorage.setItem('token', 'second-users-token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'second-users-token' }));

    render(<Rows list="clients/list" load={() => new Promise<string>(() => {})} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('Rows the first user may see')).toBeNull();
  });
});
