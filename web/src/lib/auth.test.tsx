import { render, screen } from '@testing-library/react';
import useSWR from 'swr';
import { describe, expect, it } from 'vitest';
import { endSession } from './auth';
import { storage } from './storage';

/** A screen that lists rows from the cache under one key, the way every list screen does. */
function Rows({ load }: { load: () => Promise<string> }) {
  const { data } = useSWR(['', 'divisions/list'], load);
  return <p>{data ?? 'Loading…'}</p>;
}

describe('the end of a session', () => {
  it('leaves nothing of the last user cached for the next one', async () => {
    storage.setToken('first-users-token');
    const first = render(<Rows load={async () => 'Rows the first user may see'} />);
    await screen.findByText('Rows the first user may see');
    first.unmount();

    await endSession('Your session has ended. Please sign in again.');
    expect(storage.getToken()).toBeNull();

    // The next user's screen asks the server again and shows nothing until it answers.
    render(<Rows load={() => new Promise<string>(() => {})} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByText('Rows the first user may see')).toBeNull();
  });
});
