import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from 'react-error-boundary';
import { Link, MemoryRouter, Outlet, useRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { withScreenErrors } from './screen-error';

/** A shell like AppLayout: navigation around the screen's outlet. */
function Shell() {
  return (
    <>
      <nav aria-label="Main navigation">
        <Link to="/divisions">Divisions</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

function Broken(): never {
  throw new Error('A bug in one screen');
}

describe('a screen that crashes', () => {
  it('leaves the navigation working around its error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Routes() {
      return useRoutes([
        {
          element: <Shell />,
          children: withScreenErrors([
            { path: '/broken', element: <Broken /> },
            { path: '/divisions', element: <h1>Divisions</h1> },
          ]),
        },
      ]);
    }
    renderWithApp(
      <ErrorBoundary fallback={<p>The whole app failed</p>}>
        <MemoryRouter initialEntries={['/broken']}>
          <Routes />
        </MemoryRouter>
      </ErrorBoundary>,
    );

    expect((await screen.findByTestId('screen-error')).textContent).toContain('A bug in one screen');
    expect(screen.queryByText('The whole app failed')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Divisions' }));
    expect(await screen.findByRole('heading', { name: 'Divisions' })).toBeTruthy();
    expect(screen.queryByTestId('screen-error')).toBeNull();
  });
});
