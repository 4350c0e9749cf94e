import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { serveApi } from '../../../testing/api';
import { MemoryRouter } from 'react-router-dom';
import { renderWithApp } from '../../../testing/render';
import { ALL_FIELDS_REQUIRED, LoginForm } from './login-form';

describe('the sign-in form (spec 001 §2, §5)', () => {
  it("says 'All fields are required' when a field is left empty, and stops saying it once both are filled", async () => {
    const { requests } = await serveApi([]);
    renderWithApp(
      <MemoryRouter initialEntries={['/login']}>
        <LoginForm onSuccess={vi.fn()} />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'inspector@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ALL_FIELDS_REQUIRED);
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(requests).toEqual([]);
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText(ALL_FIELDS_REQUIRED)).toBeNull();
  });
});
