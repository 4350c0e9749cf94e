import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { addGroup, addQuestion } from '@stormline/domain/template-editing';
import { TEMPLATE_MESSAGES } from '@stormline/domain/template-rules';
import {
  draftContent,
  editsOf,
  renderEditorTab,
  serveTemplateEditor,
  TEMPLATE_ID,
} from '../testing/editor-server';
import { QuestionsTab } from './questions-tab';

let ids = 0;
const id = () => `${TEMPLATE_ID}_q${++ids}`;

/** A new template's draft, then a FORM group of two questions and an empty TABLE group. */
const twoGroups = () =>
  draftContent((c) => {
    let next = addGroup(c, `${TEMPLATE_ID}_g1`, { name: 'Site', layout_type: 'FORM' });
    next = addGroup(next, `${TEMPLATE_ID}_g2`, { name: 'Outfalls', layout_type: 'TABLE' });
    next = addQuestion(
      next,
      { groupId: `${TEMPLATE_ID}_g1` },
      `${TEMPLATE_ID}_a`,
      { input_label: 'Weather', question_type_id: 'text' },
      id,
    );
    return addQuestion(
      next,
      { groupId: `${TEMPLATE_ID}_g1` },
      `${TEMPLATE_ID}_b`,
      { input_label: 'Rainfall', question_type_id: 'number' },
      id,
    );
  });

async function chooseType(dialog: HTMLElement, label: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Question type' }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

describe('the template editor’s Questions tab', { timeout: 20_000 }, () => {
  it('offers only the features a type may carry, and asks no width in a TABLE group', async () => {
    await serveTemplateEditor(twoGroups());
    renderEditorTab(QuestionsTab);
    await userEvent.click(await screen.findByRole('button', { name: 'Add question to Site' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a question to Site' });
    // A Text question may default to the current user; it gives the inspection neither date nor type.
    expect(within(dialog).getByRole('checkbox', { name: 'Default to current user' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Inspection Date' })).toBeNull();
    await chooseType(dialog, 'Date + Time');
    expect(within(dialog).getByRole('checkbox', { name: 'Inspection Date' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Default to current user' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: /Width/ })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // The type changed: leaving asks first.
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a question to Site' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Add question to Outfalls' }));
    dialog = await screen.findByRole('dialog', { name: 'Add a question to Outfalls' });
    expect(within(dialog).queryByRole('textbox', { name: /Width/ })).toBeNull();
  });

  it('keeps what was typed when the server refuses the question, and shows its message', async () => {
    const { requests } = await serveTemplateEditor(twoGroups());
    renderEditorTab(QuestionsTab);
    await userEvent.click(await screen.findByRole('button', { name: 'Add question to Site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a question to Site' });
    await chooseType(dialog, 'Select One');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Outfall condition');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add question' }));
    expect(await within(dialog).findByText(TEMPLATE_MESSAGES.optionsRequired)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /^Label/ }) as HTMLInputElement).value).toBe(
      'Outfall condition',
    );
    expect(editsOf(requests)).toEqual([templatesRoutes.createQuestion.key]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Good');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a question to Site' })).toBeNull());
    expect(await screen.findByText('Outfall condition')).toBeTruthy();
  });

  it('moves a question down with the keyboard; at the end the focus goes to its Move up', async () => {
    const { server } = await serveTemplateEditor(twoGroups());
    renderEditorTab(QuestionsTab);
    const down = await screen.findByRole('button', { name: 'Move Weather down' });
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        server.content.question_groups.find((g) => g.name === 'Site')!.questions.map((q) => q.input_label),
      ).toEqual(['Rainfall', 'Weather']),
    );
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Weather up'));
  });

  it('asks before Escape drops what was just typed, and Stay keeps it', async () => {
    await serveTemplateEditor(twoGroups());
    renderEditorTab(QuestionsTab);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Weather' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    const label = within(dialog).getByRole('textbox', { name: /^Label/ });
    await userEvent.type(label, ' today{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect((within(dialog).getByRole('textbox', { name: /^Label/ }) as HTMLInputElement).value).toBe(
      'Weather today',
    );
  });
});
