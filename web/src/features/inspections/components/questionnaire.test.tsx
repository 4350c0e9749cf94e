import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { questionsRoutes } from '@stormline/contract/areas/questions';
import { ROUTINE_STORMWATER } from '@stormline/domain/system-templates/routine-stormwater';
import { ok, refuse, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { inspectionDetail } from '../../../testing/inspection-fixtures';
import { renderScreen } from '../../../testing/render';
import { forgetAllPendingEdits } from '../../../lib/pending-edits';
import { QuestionnaireTab } from './questionnaire';

function questionnaire(editable: boolean, change: { answersVersion?: number; weather?: string } = {}) {
  return ok(questionsRoutes.getInspectionQuestions, {
    template: {
      id: 'routine-stormwater',
      name: ROUTINE_STORMWATER.name,
      version: 1,
      question_groups: ROUTINE_STORMWATER.question_groups,
    },
    questionTypes: [],
    answers: [{ questionId: 'rs-weather-now', value: change.weather ?? 'Overcast' }],
    comments: [],
    answersVersion: change.answersVersion ?? 3,
    editable,
    nowLocal: '2026-03-10T14:20',
    findingOffer: [{ id: 'f1', number: 4, location: 'North gate', date_completed: null, typeCode: 'CA' }],
  });
}

/** Two tabs of one inspection, the questionnaire and another, on one cache as in the app. */
function TabsOfInspection() {
  const [tab, setTab] = useState<'questionnaire' | 'findings'>('questionnaire');
  return (
    <>
      <button onClick={() => setTab('questionnaire')}>Questionnaire</button>
      <button onClick={() => setTab('findings')}>Findings</button>
      {tab === 'questionnaire' ? (
        <QuestionnaireTab divisionId="north-region" inspectionId="i1" />
      ) : (
        <p>The findings</p>
      )}
    </>
  );
}

const open = () =>
  renderScreen(<QuestionnaireTab divisionId="north-region" inspectionId="i1" />, {
    url: '/inspection/i1/questionnaire',
    path: '/inspection/:inspectionId/:tab',
    profile: profileOf('Inspector'),
    divisionId: 'north-region',
  });

describe('the questionnaire (spec 002 §2)', () => {
  it('renders the groups, the answers given and the finding-array offer', async () => {
    await serveApi([[questionsRoutes.getInspectionQuestions, () => questionnaire(true)]]);
    open();
    expect(await screen.findByRole('heading', { name: 'Inspection Information' })).toBeTruthy();
    for (const group of [
      'Weather',
      'Control Measures',
      'Stabilization',
      'Pollution Prevention',
      'Discharge Points',
      'Corrective Actions',
    ])
      expect(screen.getByRole('heading', { name: group })).toBeTruthy();
    expect((screen.getByLabelText(/Weather at the time of the inspection/) as HTMLInputElement).value).toBe(
      'Overcast',
    );
    expect(screen.getByLabelText('CA #4: North gate')).toBeTruthy();
  });

  it('asks an option’s child questions only while the option is chosen', async () => {
    await serveApi([[questionsRoutes.getInspectionQuestions, () => questionnaire(true)]]);
    open();
    await screen.findByRole('heading', { name: 'Weather' });
    expect(screen.queryByLabelText(/Rainfall of the storm event/)).toBeNull();
    const storm = screen.getByRole('radiogroup', {
      name: /Has there been a storm event since the last inspection/,
    });
    await userEvent.click(storm.querySelector('input[value="rs-storm-yes"]')!);
    expect(await screen.findByLabelText(/Rainfall of the storm event/)).toBeTruthy();
  });

  it('saves the changed answers as a list, at the version read', async () => {
    const { requests } = await serveApi([
      [questionsRoutes.getInspectionQuestions, () => questionnaire(true)],
      [
        inspectionsRoutes.updateInspection,
        () => ({ status: 409, body: { message: 'The inspection was changed by someone else meanwhile.' } }),
      ],
    ]);
    open();
    const weather = await screen.findByLabelText(/Weather at the time of the inspection/);
    await userEvent.clear(weather);
    await userEvent.type(weather, 'Light rain');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.route.startsWith('PUT'))).toBe(true));
    const put = requests.find((r) => r.route.startsWith('PUT'))!;
    expect(put.body).toEqual({
      answersVersion: 3,
      answers: [{ questionId: 'rs-weather-now', value: 'Light rain' }],
      comments: [],
    });
  });

  it('is read-only when the server says the inspection is not editable', async () => {
    await serveApi([[questionsRoutes.getInspectionQuestions, () => questionnaire(false)]]);
    open();
    expect(await screen.findByText('This inspection is read-only.')).toBeTruthy();
    expect(
      (screen.getByLabelText(/Weather at the time of the inspection/) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  const weatherField = async () =>
    (await screen.findByLabelText(/^Weather at the time of the inspection/)) as HTMLInputElement;
  const saved = (answersVersion: number) =>
    ok(inspectionsRoutes.updateInspection, { inspection: inspectionDetail(1), answersVersion });

  it(
    'shows both answers when someone else saved meanwhile, keeps what was typed, and saves the choice',
    { timeout: 20_000 },
    async () => {
      let version = 3;
      const { requests } = await serveApi([
        [
          questionsRoutes.getInspectionQuestions,
          () => questionnaire(true, version === 3 ? {} : { answersVersion: 4, weather: 'Sunny' }),
        ],
        [
          inspectionsRoutes.updateInspection,
          ({ body }) => {
            if ((body as { answersVersion: number }).answersVersion === 3) {
              version = 4; // another user's save landed first
              return refuse(409, 'The inspection was changed by someone else meanwhile.');
            }
            return saved(5);
          },
        ],
      ]);
      open();
      const weather = await weatherField();
      await userEvent.clear(weather);
      await userEvent.type(weather, 'Light rain');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));

      expect(
        await screen.findByText('Someone else saved this inspection while you were editing'),
      ).toBeTruthy();
      const choice = screen.getByRole('group', { name: /Choose the answer to Weather at the time/ });
      expect(choice.textContent).toContain('Yours: Light rain');
      expect(choice.textContent).toContain('Saved by someone else: Sunny');
      expect((await weatherField()).value).toBe('Light rain');
      const saveButton = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
      expect(saveButton.disabled).toBe(true);
      // Why it is disabled is said beside it, and is the button's description.
      const reason = document.getElementById(saveButton.getAttribute('aria-describedby') ?? '');
      expect(reason?.textContent).toBe('Choose between your answers and theirs to save');

      await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
      expect(saveButton.disabled).toBe(false);
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy());
      const puts = requests.filter((r) => r.route.startsWith('PUT'));
      expect(puts.at(-1)?.body).toMatchObject({
        answersVersion: 4,
        answers: [{ questionId: 'rs-weather-now', value: 'Light rain' }],
      });
    },
  );

  it('takes the other answer when the user chooses theirs', async () => {
    let version = 3;
    const { requests } = await serveApi([
      [
        questionsRoutes.getInspectionQuestions,
        () => questionnaire(true, version === 3 ? {} : { answersVersion: 4, weather: 'Sunny' }),
      ],
      [
        inspectionsRoutes.updateInspection,
        () => {
          version = 4;
          return refuse(409, 'The inspection was changed by someone else meanwhile.');
        },
      ],
    ]);
    open();
    const weather = await weatherField();
    await userEvent.clear(weather);
    await userEvent.type(weather, 'Light rain');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use theirs' }));
    expect((await weatherField()).value).toBe('Sunny');
    expect(screen.getByText('All changes saved')).toBeTruthy();
    expect(requests.filter((r) => r.route.startsWith('PUT'))).toHaveLength(1);
  });

  it('coming back before a slow read answers shows the answers as saved on leaving, and keeps typing', async () => {
    let reads = 0;
    let answerRead: () => void = () => {};
    const { requests } = await serveApi([
      [
        questionsRoutes.getInspectionQuestions,
        async () => {
          reads += 1;
          // Every read after the first is slow (a site's signal): it answers when the test says.
          if (reads > 1) await new Promise<void>((done) => (answerRead = done));
          return questionnaire(true, reads > 1 ? { answersVersion: 4, weather: 'Light rain' } : {});
        },
      ],
      [
        inspectionsRoutes.updateInspection,
        ({ body }) => saved((body as { answersVersion: number }).answersVersion + 1),
      ],
    ]);
    renderScreen(<TabsOfInspection />, {
      url: '/inspection/i1/questionnaire',
      path: '/inspection/:inspectionId/:tab',
      profile: profileOf('Inspector'),
      divisionId: 'north-region',
    });
    const weather = await weatherField();
    await userEvent.clear(weather);
    await userEvent.type(weather, 'Light rain');
    await userEvent.click(screen.getByRole('button', { name: 'Findings' })); // leaving the tab saves
    await waitFor(() => expect(requests.filter((r) => r.route.startsWith('PUT'))).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Questionnaire' }));
    const back = await weatherField();
    expect(back.value).toBe('Light rain');
    await userEvent.type(back, ', then sun');
    answerRead(); // the fresh copy arrives while the user types: nothing typed is lost
    await waitFor(() => expect(reads).toBeGreaterThan(1));
    expect((await weatherField()).value).toBe('Light rain, then sun');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((r) => r.route.startsWith('PUT'))).toHaveLength(2));
    expect(requests.filter((r) => r.route.startsWith('PUT'))[1]?.body).toMatchObject({
      answersVersion: 4,
      answers: [{ questionId: 'rs-weather-now', value: 'Light rain, then sun' }],
    });
    expect(screen.queryByText(/changed by someone else/)).toBeNull();
  });
  /** Answers this device had not saved, as a closed tab leaves them in localStorage. */
  const restore = (baseVersion: number, fields: Record<string, { before: unknown; mine: unknown }>) => {
    // The store is read afresh, as on opening the app: nothing of the last test is in memory.
    forgetAllPendingEdits();
    window.localStorage.setItem(
      `stormline.questionnaireEdits.${profileOf('Inspector').id}.i1`,
      JSON.stringify({ baseVersion, fields }),
    );
  };
  const puts = (requests: { route: string; body: unknown }[]) =>
    requests.filter((r) => r.route.startsWith('PUT'));

  it('restored answers made on a version above the server’s (the inspection went back) show both answers, and save at the server’s version', async () => {
    restore(7, { 'answer:rs-weather-now': { before: 'Overcast', mine: 'Light rain' } });
    const { requests } = await serveApi([
      [questionsRoutes.getInspectionQuestions, () => questionnaire(true, { answersVersion: 3 })],
      [
        inspectionsRoutes.updateInspection,
        ({ body }) =>
          (body as { answersVersion: number }).answersVersion === 3
            ? saved(4)
            : refuse(409, 'The inspection was changed by someone else meanwhile.'),
      ],
    ]);
    open();
    const choice = await screen.findByRole('group', { name: /Choose the answer to Weather at the time/ });
    expect(choice.textContent).toContain('Yours: Light rain');
    expect(choice.textContent).toContain('Saved by someone else: Overcast');
    expect((await weatherField()).value).toBe('Light rain');
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy());
    expect(puts(requests).map((r) => r.body)).toEqual([
      { answersVersion: 3, answers: [{ questionId: 'rs-weather-now', value: 'Light rain' }], comments: [] },
    ]);
  });

  it('an inspection turned read-only with unsaved answers shows them, to copy, before discarding them', async () => {
    restore(3, {
      'answer:rs-weather-now': { before: 'Overcast', mine: 'Light rain' },
      'comment:rs-weather-now': { before: null, mine: 'Puddles by the gate' },
    });
    await serveApi([[questionsRoutes.getInspectionQuestions, () => questionnaire(false)]]);
    open();
    expect(await screen.findByText('Your unsaved answers cannot be saved')).toBeTruthy();
    const typed = screen.getByLabelText('Your unsaved answers') as HTMLTextAreaElement;
    expect(typed.readOnly).toBe(true);
    expect(typed.value.split('\n').sort()).toEqual([
      'Comment on Weather at the time of the inspection: Puddles by the gate',
      'Weather at the time of the inspection: Light rain',
    ]);
    expect(screen.getByRole('button', { name: 'Copy them' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Discard them and show the inspection' }));
    expect(await screen.findByText('This inspection is read-only.')).toBeTruthy();
    expect((await weatherField()).value).toBe('Overcast');
  });

  it('a save refused because someone else saved other answers asks to save again, not to choose', async () => {
    let version = 3;
    const { requests } = await serveApi([
      // Someone else's save changed another answer: the weather is still as it was read.
      [questionsRoutes.getInspectionQuestions, () => questionnaire(true, { answersVersion: version })],
      [
        inspectionsRoutes.updateInspection,
        ({ body }) => {
          if ((body as { answersVersion: number }).answersVersion === 4) return saved(5);
          version = 4;
          return refuse(409, 'The inspection was changed by someone else meanwhile.');
        },
      ],
    ]);
    open();
    const weather = await weatherField();
    await userEvent.clear(weather);
    await userEvent.type(weather, 'Light rain');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Your answers are kept on the latest copy of the inspection: save again to keep them.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/choose/i)).toBeNull();
    expect(screen.queryByRole('group', { name: /Choose the answer/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(2));
    expect(puts(requests)[1]?.body).toMatchObject({ answersVersion: 4 });
  });
});
