import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { theme } from '../app/theme';

/** Renders a component as the app does (Mantine with our theme), for component tests. */
export function renderWithApp(ui: ReactElement) {
  return render(<MantineProvider theme={theme}>{ui}</MantineProvider>);
}
