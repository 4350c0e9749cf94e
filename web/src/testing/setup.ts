import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { notifications } from '@mantine/notifications';
import { forgetEveryDraft } from '../lib/draft-keys';
import { forgetAllPendingEdits } from '../lib/pending-edits';
import { fakeIntersectionObserver } from './intersection-observer';
import { mediaQueryList } from './media-query';

// The whole suite shares two cores with DynamoDB Local and a browser: a search's debounce and a
// page's answer can take longer than the library's 1 s default on CI without anything being wrong.
// A screen that never shows the text still fails, only later.
configure({ asyncUtilTimeout: 5000 });

/**
 * What Mantine asks of a browser that happy-dom does not provide: media queries (colour scheme,
 * breakpoints) and element resize observation.
 */
window.matchMedia ??= (query: string) => mediaQueryList(query, false);

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/**
 * happy-dom has no layout, and its IntersectionObserver never reports: every observed element is
 * taken to be on the screen, as on a tall one (a test of what waits off-screen installs its own).
 */
globalThis.IntersectionObserver = fakeIntersectionObserver(() => true);

// Toasts live in Mantine's store, outside the tree: one test's must not show in the next.
afterEach(() => {
  cleanup();
  notifications.clean();
  // Unsaved edits live outside the tree too (docs/decisions/0030).
  forgetAllPendingEdits();
  // And the drafts kept on the device (the map editor's, docs/decisions/0041).
  forgetEveryDraft();
});

// happy-dom has no FontFaceSet: Mantine's autosizing Textarea listens for fonts loading.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
