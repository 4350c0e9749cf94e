import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep teal-blue, the colour of stormwater; shade 7 keeps white text above 4.5:1 contrast. */
const storm: MantineColorsTuple = [
  '#e6f4f7',
  '#cde6ed',
  '#9dcedc',
  '#68b4ca',
  '#3f9eba',
  '#2590b0',
  '#1588ab',
  '#037494',
  '#006784',
  '#005973',
];

/** A dark slate-blue for the brand panel and headings. */
const harbor: MantineColorsTuple = [
  '#eef3f8',
  '#dce4ec',
  '#b5c7d8',
  '#8ca8c4',
  '#698eb3',
  '#537ea9',
  '#4676a5',
  '#376491',
  '#2d5982',
  '#1f4b73',
];

export const theme = createTheme({
  primaryColor: 'storm',
  primaryShade: { light: 7, dark: 5 },
  colors: { storm, harbor },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
    fontWeight: '650',
  },
  shadows: {
    xs: '0 1px 2px rgba(16, 42, 67, 0.06)',
    sm: '0 1px 3px rgba(16, 42, 67, 0.08), 0 1px 2px rgba(16, 42, 67, 0.04)',
    md: '0 4px 12px rgba(16, 42, 67, 0.08)',
  },
  components: {
    Paper: { defaultProps: { withBorder: true, shadow: 'xs' } },
    Card: { defaultProps: { withBorder: true, shadow: 'xs' } },
    Modal: { defaultProps: { centered: true, overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Tooltip: { defaultProps: { withArrow: true } },
    TextInput: { defaultProps: { size: 'sm' } },
  },
});
