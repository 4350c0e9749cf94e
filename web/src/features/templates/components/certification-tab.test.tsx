import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { addAcknowledgement, TEMPLATE_EDIT_MESSAGES } from '@stormline/domain/template-editing';
import { DEFAULT_ACKNOWLEDGEMENT_TEXT } from '@stormline/domain/template-model';
import { TEMPLATE_MESSAGES } from '@stormline/domain/template-rules';
import { draftContent, editsOf, renderEditorTab, serveTemplateEditor } from '../testing/editor-server';
import { CertificationTab } from './certification-tab';

const ATTESTATION = { id: 'harbour_50', signatureType: 'inspection' as const, order: 0 };

const withAttestation = (content: string) =>
  draftContent((c) => ({ ...c, attestations: [{ ...ATTESTATION, content }] }));

const card = (name: string) => screen.findByRole('region', { name });

async function editCard(name: string) {
  const region = await card(name);
  await userEvent.click(within(region).getByRole('button', { name: `Edit ${name}` }));
  return region;
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('the template editor’s Certification tab', { timeout: 20_000 }, () => {
  it('keeps a group’s last signature line: its Delete is disabled, with the reason, until another is added', async () => {
    await serveTemplateEditor(draftContent());
    renderEditorTab(CertificationTab);
    const region = await editCard('Inspection Certification');
    const only = within(region).getByRole('button', { name: 'Delete line 1' });
    expect(isDisabled(only)).toBe(true);
    const reason = document.getElementById(only.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toContain(TEMPLATE_EDIT_MESSAGES.lastLine);

    await userEvent.click(within(region).getByRole('button', { name: 'Add line' }));
    expect(isDisabled(within(region).getByRole('button', { name: 'Delete line 1' }))).toBe(false);
    // A new line starts with spec 002 §9's labels.
    const second = within(region).getByRole('group', { name: 'Signature line 2' });
    expect((within(second).getByLabelText(/Role field label/) as HTMLInputElement).value).toBe('Position');
    expect((within(second).getByLabelText(/User field label/) as HTMLInputElement).value).toBe('Full Name');

    await userEvent.click(within(region).getByRole('button', { name: 'Delete line 2' }));
    expect(isDisabled(within(region).getByRole('button', { name: 'Delete line 1' }))).toBe(true);
  });

  it('refuses an empty statement and empty labels with the server’s words, then saves keeping the line’s type and the attestation’s id', async () => {
    const { requests } = await serveTemplateEditor(withAttestation('I inspected the site.'));
    renderEditorTab(CertificationTab);
    const region = await editCard('Inspection Certification');
    const statement = within(region).getByLabelText(/Statement 1/);
    const role = within(region).getByLabelText(/Role field label/);
    await userEvent.clear(statement);
    await userEvent.clear(role);
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByText(TEMPLATE_MESSAGES.attestationRequired)).toBeTruthy();
    expect(within(region).getByText(TEMPLATE_MESSAGES.lineLabels)).toBeTruthy();
    expect(editsOf(requests)).toEqual([]);

    await userEvent.type(statement, 'I walked **every** discharge point.');
    await userEvent.type(role, 'Qualification');
    await userEvent.type(within(region).getByLabelText(/^Label/), 'Inspector');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    // Back to reading: the statement rendered, the line with its new labels.
    await waitFor(() => expect(within(region).queryByRole('button', { name: 'Save' })).toBeNull());
    expect(within(region).getByText('every').tagName).toBe('STRONG');
    expect(within(region).getByText('Role field: Qualification · User field: Full Name')).toBeTruthy();
    expect(requests.find((r) => r.route === templatesRoutes.updateTemplateSignatures.key)?.body).toEqual({
      group: 'inspection',
      lines: [
        {
          type: 'inspector',
          label: 'Inspector',
          roleFieldLabel: 'Qualification',
          userFieldLabel: 'Full Name',
        },
      ],
      attestations: [{ id: ATTESTATION.id, content: 'I walked **every** discharge point.' }],
    });
  });

  it('shows the server’s refusal of a signature configuration as an error', async () => {
    const { server } = await serveTemplateEditor(draftContent());
    renderEditorTab(CertificationTab);
    const region = await editCard('Inspection Certification');
    // Another author replaced the group's line meanwhile: the one being edited is gone.
    server.content = {
      ...server.content,
      signature_groups: {
        inspection: [{ type: 'other', label: null, roleFieldLabel: 'Position', userFieldLabel: 'Full Name' }],
      },
    };
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain(TEMPLATE_EDIT_MESSAGES.lineType);
  });

  it('previews a statement as markdown, raw HTML as text', async () => {
    await serveTemplateEditor(withAttestation('Signed <img src=x onerror=alert(1)> and *checked*'));
    renderEditorTab(CertificationTab);
    const region = await editCard('Inspection Certification');
    const preview = within(region).getByTestId('attestation-preview');
    await waitFor(() => expect(preview.querySelector('em')?.textContent).toBe('checked'));
    expect(preview.querySelector('img')).toBeNull();
    expect(preview.textContent).toContain('Signed <img src=x onerror=alert(1)> and checked');
  });

  it('offers Add Acknowledgement only while the template has none; it adds §9’s statement and labels', async () => {
    const { requests } = await serveTemplateEditor(draftContent());
    renderEditorTab(CertificationTab);
    await card('Inspection Certification');
    expect(screen.queryByRole('region', { name: 'Acknowledgement' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add Acknowledgement' }));

    const region = await card('Acknowledgement');
    expect(within(region).getByText(DEFAULT_ACKNOWLEDGEMENT_TEXT)).toBeTruthy();
    expect(
      within(region).getByText('Role field: Inspector Qualifications · User field: Inspector Name'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Acknowledgement' })).toBeNull();
    expect(editsOf(requests)).toEqual([templatesRoutes.updateTemplateAcknowledgement.key]);
  });

  it('does not offer Add Acknowledgement on a template that has one', async () => {
    await serveTemplateEditor(draftContent((c) => addAcknowledgement(c, 'harbour_60', 'acknowledger')));
    renderEditorTab(CertificationTab);
    await card('Acknowledgement');
    expect(screen.queryByRole('button', { name: 'Add Acknowledgement' })).toBeNull();
  });

  it('turns the compliance certificate on with the template’s name, and shows its group', async () => {
    const { requests } = await serveTemplateEditor(draftContent());
    renderEditorTab(CertificationTab);
    await userEvent.click(await screen.findByRole('switch', { name: /Compliance certificate/ }));
    const region = await card('Compliance Certification');
    expect(within(region).getByText('Role field: Position · User field: Full Name')).toBeTruthy();
    expect(requests.find((r) => r.route === templatesRoutes.updateTemplate.key)?.body).toEqual({
      name: 'Harbour Road template',
      has_compliance_cert: true,
    });
  });

  it('shows a read-only template without actions', async () => {
    await serveTemplateEditor(withAttestation('I inspected the site.'));
    renderEditorTab(CertificationTab, { editable: false });
    const region = await card('Inspection Certification');
    expect(within(region).getByText('I inspected the site.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(isDisabled(screen.getByRole('switch', { name: /Compliance certificate/ }))).toBe(true);
  });
});
