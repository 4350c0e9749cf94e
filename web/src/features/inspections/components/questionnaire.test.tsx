import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { questionsRoutes } from '@stormline/contract/areas/questions';
import { ROUTINE_STORMWATER } from '@stormline/domain/system-templates/routine-stormwater';
import { ok, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { QuestionnaireTab } from './questionnaire';

function questionnaire(editable: boolean) {
  return ok(questionsRoutes.getInspectionQuestions, {
    template: {
      id: 'routine-stormwater',
      name: ROUTINE_STORMWATER.name,
      version: 1,
      question_groups: ROUTINE_STORMWATER.question_groups,
    },
    questionTypes: [],
    answers: [{ questionId: 'rs-weather-now', value: 'Overcast' }],
    comments: [],
    answersVersion: 3,
    editable,
    nowLocal: '2026-03-10T14:20',
    findingOffer: [{ id: 'f1', number: 4, location: 'North gate', date_completed: null, typeCode: 'CA' }],
  });
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
});
