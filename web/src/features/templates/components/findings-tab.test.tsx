import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { TEMPLATE_MESSAGES } from '@stormline/domain/template-rules';
import { updateFindingType } from '@stormline/domain/template-editing';
import { draftContent, editsOf, renderEditorTab, serveTemplateEditor } from '../testing/editor-server';
import { FindingsTab } from './findings-tab';

const row = (name: string) =>
  screen.getAllByTestId('finding-type-row').find((r) => within(r).queryAllByText(name).length > 0)!;

const switchOf = (name: string) => screen.getByRole('switch', { name });
const isOn = (name: string) => (switchOf(name) as HTMLInputElement).checked;

describe('the template editor’s Findings tab', { timeout: 20_000 }, () => {
  it('turns Include off and the type’s Required for certification with it', async () => {
    const { requests, server } = await serveTemplateEditor(draftContent());
    renderEditorTab(FindingsTab);
    await screen.findByRole('table', { name: 'Finding types' });
    // Corrective Action is included and required for certification (the static types' defaults).
    expect(isOn('Corrective Action required for certification')).toBe(true);

    await userEvent.click(switchOf('Include Corrective Action'));
    await waitFor(() => expect(isOn('Include Corrective Action')).toBe(false));
    expect(isOn('Corrective Action required for certification')).toBe(false);
    // Not offered without Include (spec 002 §4), and the row says why.
    expect((switchOf('Corrective Action required for certification') as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(within(row('Corrective Action')).getByText(TEMPLATE_MESSAGES.includeForCert)).toBeTruthy();
    expect(requests.find((r) => r.route === templatesRoutes.updateFindingType.key)?.body).toEqual({
      id: server.content.finding_types[0]!.id,
      is_enabled: false,
    });
    expect(server.content.finding_types[0]!.details).toMatchObject({
      is_enabled: false,
      is_required_for_cert: false,
    });
  });

  it('shows the server’s ‘Atleast one Include must be enabled’ in red at the row, and the switch as it was', async () => {
    const { requests, server } = await serveTemplateEditor(draftContent());
    renderEditorTab(FindingsTab);
    await screen.findByRole('table', { name: 'Finding types' });
    // Meanwhile another author turned Corrective Action's Include off: Maintenance Item is the
    // draft's last included type, which the page cannot know.
    const corrective = server.content.finding_types.find((t) => t.name === 'Corrective Action')!;
    server.content = updateFindingType(server.content, corrective.id, { is_enabled: false });

    await userEvent.click(switchOf('Include Maintenance Item'));
    const alert = await within(row('Maintenance Item')).findByRole('alert');
    expect(alert.textContent).toBe(TEMPLATE_MESSAGES.oneInclude);
    expect(editsOf(requests)).toEqual([templatesRoutes.updateFindingType.key]);
    expect(isOn('Include Maintenance Item')).toBe(true);
  });

  it('says ‘Atleast one Include must be enabled’ at once when the last included type is turned off', async () => {
    const { requests } = await serveTemplateEditor(
      draftContent((c) => ({
        ...c,
        finding_types: c.finding_types.map((t) =>
          t.name === 'Corrective Action'
            ? t
            : { ...t, details: { ...t.details, is_enabled: false, is_required_for_cert: false } },
        ),
      })),
    );
    renderEditorTab(FindingsTab);
    await userEvent.click(await screen.findByRole('switch', { name: 'Include Corrective Action' }));
    const alert = await within(row('Corrective Action')).findByRole('alert');
    expect(alert.textContent).toBe(TEMPLATE_MESSAGES.oneInclude);
    expect(editsOf(requests)).toEqual([]);
  });

  it('adds a finding type: a duplicate name gets the spec’s message on the name field', async () => {
    const { requests, server } = await serveTemplateEditor(draftContent());
    renderEditorTab(FindingsTab);
    const form = await screen.findByRole('form', { name: 'Add finding type' });
    const name = within(form).getByLabelText(/Name/);
    expect((within(form).getByLabelText('Colour') as HTMLInputElement).value.toUpperCase()).toBe('#2FF363');

    // A name the template has, in other letters: refused before any call.
    await userEvent.type(name, 'corrective action');
    await userEvent.click(within(form).getByRole('button', { name: 'Add finding type' }));
    expect(await within(form).findByText(TEMPLATE_MESSAGES.duplicateFindingType)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(editsOf(requests)).toEqual([]);

    // A name another author has just added: the server's refusal lands on the field too.
    server.content = {
      ...server.content,
      finding_types: [
        ...server.content.finding_types,
        {
          id: 'harbour_90',
          name: 'Sediment',
          code: 'Sediment',
          is_static_type: false,
          details: { is_enabled: true, is_required_for_cert: false, color: '#2FF363' },
        },
      ],
    };
    await userEvent.clear(name);
    await userEvent.type(name, 'Sediment');
    await userEvent.click(within(form).getByRole('button', { name: 'Add finding type' }));
    await waitFor(() => expect(editsOf(requests)).toEqual([templatesRoutes.createFindingType.key]));
    expect(await within(form).findByText(TEMPLATE_MESSAGES.duplicateFindingType)).toBeTruthy();

    await userEvent.clear(name);
    await userEvent.type(name, 'Tracking');
    await userEvent.click(within(form).getByRole('button', { name: 'Add finding type' }));
    await waitFor(() => expect(row('Tracking')).toBeTruthy());
    expect((name as HTMLInputElement).value).toBe('');
    expect(requests.findLast((r) => r.route === templatesRoutes.createFindingType.key)?.body).toEqual({
      inspection_template_id: 'harbour',
      name: 'Tracking',
      color: '#2FF363',
      is_enabled: true,
      is_required_for_cert: false,
    });
  });

  it('offers Delete for added types only, after ‘Yes, I understand’', async () => {
    await serveTemplateEditor(
      draftContent((c) => ({
        ...c,
        finding_types: [
          ...c.finding_types,
          {
            id: 'harbour_90',
            name: 'Sediment',
            code: 'Sediment',
            is_static_type: false,
            details: { is_enabled: true, is_required_for_cert: false, color: '#2FF363' },
          },
        ],
      })),
    );
    renderEditorTab(FindingsTab);
    await screen.findByRole('table', { name: 'Finding types' });
    expect(screen.queryByRole('button', { name: 'Delete Corrective Action' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Sediment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete finding type' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.click(within(dialog).getByLabelText('Yes, I understand'));
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByText('Sediment')).toBeNull());
  });

  it('shows a read-only template without actions', async () => {
    await serveTemplateEditor(draftContent());
    renderEditorTab(FindingsTab, { editable: false });
    await screen.findByRole('table', { name: 'Finding types' });
    expect(screen.queryByRole('form', { name: 'Add finding type' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect((switchOf('Include Corrective Action') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('#E03131')).toBeTruthy();
  });
});
