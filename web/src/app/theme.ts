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

/*
 * Mantine's palettes where the light scheme draws text from them, darkened until that text reaches
 * WCAG AA (4.5:1; checked by axe in test/e2e/accessibility.e2e.test.ts). In the light scheme Mantine
 * draws dimmed text from gray 6, error text from red 6, white text on filled buttons from shade 7 and
 * the text of light badges and alerts from shade 9 on shade 1. Mantine's own values fail: dimmed gray
 * 3.3:1 on white, red 6 3.3:1, an orange light badge 3.6:1, a teal one 4.3:1.
 */

/** Shade 6 is the dimmed text: 5.3:1 on white, 5.1:1 on gray 0 (the page), 4.7:1 on storm 0 (an unread notification). */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#646c74',
  '#495057',
  '#343a40',
  '#212529',
];

/** Shade 6 is the error text (4.9:1 on white); shade 7 carries white text on a filled button (5.5:1). */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#d92b2b',
  '#c92a2a',
  '#b02525',
  '#9b1c1c',
];

/** Shade 9 on shade 1 is a light badge ("Coming soon"): 5.8:1; shade 7 carries white text (5.1:1). */
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#b84f08',
  '#a84a06',
  '#9a3d06',
];

/** Shade 9 on shade 1 is a light badge ("Consent given"): 6.0:1; shade 7 carries white text (5.3:1). */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#087a5a',
  '#086b4f',
  '#066649',
];

/** The smallest target a pointer must hit (WCAG 2.2 SC 2.5.8). */
const TARGET = '24px';
const small = (size: unknown) => size === undefined || size === 'xs' || size === 'sm';
/**
 * A component's CSS variables by its size prop. Written as a plain theme entry, not through
 * `Checkbox.extend()`: importing the component into the theme put Checkbox, Radio and Switch
 * (about 5 KB gzipped) on every page's first load (docs/decisions/0012).
 */
const bySize = (vars: Record<string, string>) => ({
  vars: (_theme: unknown, { size }: { size?: unknown }) => ({ root: small(size) ? vars : {} }),
});

export const theme = createTheme({
  primaryColor: 'storm',
  primaryShade: { light: 7, dark: 5 },
  colors: { storm, harbor, gray, red, orange, teal },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Someone who asks their system for less motion gets it: menus, modals and notifications appear
  // and leave at once instead of fading.
  respectReducedMotion: true,
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
    Modal: {
      defaultProps: {
        centered: true,
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        // Mantine's close button is an icon alone: without a name a screen reader says only "button".
        closeButtonProps: { 'aria-label': 'Close' },
      },
    },
    // A toast's close button too (axe button-name, critical, while a toast is on show).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Tooltip: { defaultProps: { withArrow: true } },
    // A closed Select builds no options (Mantine keeps them mounted, hidden, by default): four
    // closed Selects were 67 options and their popovers in the dashboard's render (0028).
    Combobox: { defaultProps: { keepMounted: false } },
    TextInput: { defaultProps: { size: 'sm' } },
    // WCAG 2.2 target size (docs/decisions/0024): Mantine's default checkbox and radio are 20 px;
    // every one of ours is at least 24 px, the label text keeping its size.
    Checkbox: bySize({ '--checkbox-size': TARGET }),
    Radio: bySize({ '--radio-size': TARGET, '--radio-icon-size': '10px' }),
    // A switch of Mantine's medium size (46 x 24 px) wherever a smaller one was asked for.
    Switch: bySize({
      '--switch-height': 'var(--switch-height-md)',
      '--switch-width': 'var(--switch-width-md)',
      '--switch-thumb-size': 'var(--switch-thumb-size-md)',
      '--switch-track-label-padding': 'var(--switch-track-label-padding-md)',
    }),
  },
});
