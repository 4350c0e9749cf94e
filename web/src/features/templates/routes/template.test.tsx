import { fireEvent, screen, within } from '@testing-library/react';
import { useSWRConfig } from 'swr';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { emptyContent } from '@stormline/domain/template-editing';
import { ok, refuse, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { templateKey } from '../api/templates';
import TemplateRoute, { TEMPLATE_LOAD_FAILURE } from './template';

const content = emptyContent(
  'Harbour Road template',
  (() => {
    let n = 0;
    return () => `harbour_${++n}`;
  })(),
);
const view = {
  id: 'harbour',
  name: content.name,
  isUserTemplate: true,
  currentVersion: 0,
  draft: { version: 1, unpublished: true, updatedAt: '2026-11-29T10:00:00.000Z' },
  content,
  warnings: [],
  versions: [],
};

/** What SWR does when the window regains focus or the signal comes back: reads the template again. */
function ReadAgain() {
  const { mutate } = useSWRConfig();
  return (
    <button type="button" onClick={() => void mutate(templateKey('north-region', 'harbour'))}>
      Read again
    </button>
  );
}

function renderEditor() {
  return renderScreen(
    <>
      <TemplateRoute />
      <ReadAgain />
    </>,
    {
      url: '/divisions/north-region/inspection-templates/harbour',
      path: '/divisions/:divisionId/inspection-templates/:templateId',
      profile: profileOf('Admin'),
      divisionId: 'north-region',
    },
  );
}

describe('the template editor on a slow signal', { timeout: 20_000 }, () => {
  it("says 'Failure to retrieve Inspection Template' when the template cannot be read", async () => {
    await serveApi([[templatesRoutes.getTemplate, () => refuse(404, 'Template not found')]]);
    renderEditor();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(TEMPLATE_LOAD_FAILURE)).toBeTruthy();
    expect(within(alert).getByText('Template not found')).toBeTruthy();
  });

  it('keeps the editor and what is typed when a refresh fails, saying the view may be old', async () => {
    let reads = 0;
    await serveApi([
      [
        templatesRoutes.getTemplate,
        () => (++reads === 1 ? ok(templatesRoutes.getTemplate, view) : refuse(503, 'Service Unavailable')),
      ],
    ]);
    renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const name = await screen.findByRole('textbox', { name: /Template name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Harbour Road, revised');
    // The template is read again (the window regained focus), and the read fails.
    fireEvent.click(screen.getByRole('button', { name: 'Read again', hidden: true }));
    expect(await screen.findByText(/what is shown is the template as last read/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Template name/ }) as HTMLInputElement).value).toBe(
      'Harbour Road, revised',
    );
    expect(reads).toBeGreaterThan(1);
  });
});
