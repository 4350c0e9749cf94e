import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '@stormline/data/regulations';
import { displayDate, localDate } from '@stormline/domain/local-date';
import { call, NORTH } from '../support/api';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { VIEWPORTS, screenshot, signIn, useBrowser } from './browser';

/**
 * An inspector's day in the browser (issue 10): the projects list, a project due today, Start
 * Inspection, the questionnaire answered and saved (read back through the API), a finding added
 * and completed, the certification tab; a season of demo inspections on the demo project. Axe and
 * screenshots at 1280 and 375 px on each screen.
 */

const newPage = useBrowser();
const run = Date.now().toString(36);
const projectName = `E2E Ouse Culvert ${run}`;
const db = testTable();
afterAll(() => db.doc.destroy());

let inspector: { id: string; email: string; password: string };
let token: string;
let projectId: string;
let inspectionId: string;

beforeAll(async () => {
  inspector = await createTestUser('Inspector', [NORTH]);
  token = await signInAs(inspector);
  await call(`/api/users/${inspector.id}/signature_authorization/agree`, { method: 'POST', token });
  const admin = await signInAs(await createTestUser('Admin', [NORTH]));
  const client = await call<{ id: string }>('/api/clients', {
    method: 'POST',
    token: admin,
    divisionId: NORTH,
    body: {
      name: `E2E Ouse Client ${run}`,
      address: { street_1: '1 Quay', city: 'York', country_id: 'england', zip: 'YO1 7HH' },
    },
  });
  const group = await createGroup(db, NORTH, { name: `E2E regulations ${run}` });
  const project = await call<{ id: string }>('/api/projects', {
    method: 'POST',
    token: admin,
    divisionId: NORTH,
    body: {
      client_id: client.body.id,
      inspection_template_id: 'routine-stormwater',
      name: projectName,
      inspector_user_id: inspector.id,
      latitude: 53.96,
      longitude: -1.08,
      document_group_id: group.id,
      routine_interval: 7,
      timezone: 'Europe/London',
      start_date: localDate('Europe/London', new Date(Date.now() - 20 * 86_400_000)),
      next_inspection_date: localDate('Europe/London', new Date()),
    },
  });
  expect(project.status).toBe(201);
  projectId = project.body.id;
});

/** The header names the inspection by its number and date, never by its id (issue 24). */
async function expectReadableHeader(page: Page) {
  const date = localDate('Europe/London', new Date());
  await page.getByText(`Inspection #1 · ${displayDate(date)}`, { exact: true }).waitFor();
  expect(await page.locator('body').innerText()).not.toContain(inspectionId);
}

async function look(page: Page, name: string) {
  await expectNoSeriousAxeViolations(page, name);
  await screenshot(page, name);
}

describe("an inspector's day (1280 px)", () => {
  let page: Page;

  it('finds the project in the list and opens its inspections tab with the due-today banner', async () => {
    page = await newPage(VIEWPORTS.desktop);
    await signIn(page, inspector);
    await page.goto(`/divisions/${NORTH}/projects`);
    await page.getByRole('searchbox', { name: 'Search Projects' }).fill(`ouse culvert ${run}`);
    await page.getByRole('link', { name: projectName }).waitFor();
    await look(page, 'projects-1280');
    await page.getByRole('link', { name: projectName }).click();
    await page.getByText('An inspection is due today').waitFor();
    await page
      .getByText('Begin the regular inspection schedule by creating the first routine inspection.')
      .waitFor();
    await look(page, 'project-inspections-1280');
  });

  it('starts the inspection and answers the questionnaire, saved and read back', async () => {
    await page.getByRole('button', { name: 'Start Inspection' }).click();
    await page.waitForURL(/\/inspection\/[^/]+\/questionnaire$/);
    inspectionId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('heading', { name: 'Inspection Information' }).waitFor();
    await expectReadableHeader(page);
    await look(page, 'questionnaire-1280');
    await page.getByLabel('Weather at the time of the inspection').fill('Bright, dry');
    await page
      .getByRole('radiogroup', { name: 'Has there been a storm event since the last inspection?' })
      .getByLabel('Yes')
      .check();
    // A child question appears under the chosen option.
    await page.getByLabel('Rainfall of the storm event (inches)').fill('0.6');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Inspection saved!').first().waitFor();
    const read = await call<{ answers: { questionId: string; value: unknown }[] }>(
      `/api/inspections/${inspectionId}/questions`,
      {
        token,
        divisionId: NORTH,
      },
    );
    expect(Object.fromEntries(read.body.answers.map((a) => [a.questionId, a.value]))).toMatchObject({
      'rs-weather-now': 'Bright, dry',
      'rs-storm': 'rs-storm-yes',
      'rs-storm-rain': 0.6,
    });
  });

  it('adds an inspection note, listed with its author', async () => {
    await page.getByLabel('Add a note').fill('Gate padlocked; key with the site manager.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('Gate padlocked; key with the site manager.').waitFor();
    const notes = await call<{ pageData: { content: string }[] }>(`/api/inspections/${inspectionId}/notes`, {
      token,
      divisionId: NORTH,
    });
    expect(notes.body.pageData.map((n) => n.content)).toEqual(['Gate padlocked; key with the site manager.']);
  });

  it('adds a finding and completes it from the findings tab', async () => {
    await page.getByRole('tab', { name: 'Findings' }).click();
    await page.getByText('No findings').waitFor();
    await page.getByRole('button', { name: 'Add Finding' }).click();
    await page.getByLabel('Location').fill('East gate: silt fence down');
    await page.getByLabel('Observation').fill('Silt fence flattened by plant movements.');
    await page.getByRole('dialog').getByRole('button', { name: 'Add Finding' }).click();
    await page.getByText('Finding Created').first().waitFor();
    await page.getByRole('cell', { name: 'East gate: silt fence down' }).waitFor();
    await look(page, 'inspection-findings-1280');
    // The finding detail: its overview and the observation, then back to all findings.
    await page.getByRole('link', { name: 'CA #1' }).click();
    await page.getByRole('heading', { name: 'Overview CA #1' }).waitFor();
    await page.getByText('Silt fence flattened by plant movements.').waitFor();
    await look(page, 'finding-detail-1280');
    await page.getByRole('link', { name: 'All Findings' }).click();
    await page.getByRole('cell', { name: 'East gate: silt fence down' }).waitFor();
    await page.getByRole('checkbox', { name: /Select CA #1/ }).check();
    await page.getByRole('button', { name: 'Complete Finding(s)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Complete Finding(s)' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const findings = await call<{ pageData: { comments: string; date_completed: string | null }[] }>(
      `/api/inspections/${inspectionId}/findings`,
      { token, divisionId: NORTH },
    );
    expect(findings.body.pageData[0]).toMatchObject({ comments: 'Completed as recommended' });
    expect(findings.body.pageData[0]!.date_completed).not.toBeNull();
  });

  it('shows the certification tab, the inspection group waiting for a complete questionnaire', async () => {
    await page.getByRole('tab', { name: 'Certification' }).click();
    await page.getByRole('heading', { name: 'Inspection Certification' }).waitFor();
    await page
      .getByText('Please answer every required question before certifying this inspection.')
      .waitFor();
    await look(page, 'inspection-certification-1280');
  });
});

describe("a BMP Contractor's dashboard (1280 px)", () => {
  it("lists the site's open finding with Complete Findings, which opens the inspection's findings", async () => {
    const api = <T>(path: string, method = 'GET', body?: unknown) =>
      call<T>(path, { method, token, divisionId: NORTH, body });
    const types = await api<{ pageData: { id: string; code: string }[] }>(
      '/api/finding-types/by_template_id/routine-stormwater',
    );
    const mi = types.body.pageData.find((t) => t.code === 'MI')!;
    const raised = await api(`/api/inspections/${inspectionId}/findings`, 'POST', {
      finding_type_id: mi.id,
      location: 'Wheel wash: sediment on the road',
      date_initiated: localDate('Europe/London', new Date()),
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    const contractor = await createTestUser('BMP Contractor', [NORTH]);
    const admin = await signInAs(await createTestUser('Admin', [NORTH]));
    const added = await call(`/api/projects/${projectId}/contacts`, {
      method: 'POST',
      token: admin,
      divisionId: NORTH,
      body: { userIds: [contractor.id] },
    });
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);

    const page = await newPage(VIEWPORTS.desktop);
    await signIn(page, contractor);
    const openFindings = page.getByRole('region', { name: 'Open Findings' });
    await openFindings.getByRole('searchbox', { name: 'Search sites' }).fill(`ouse culvert ${run}`);
    const complete = openFindings.getByRole('button', { name: `Complete Findings ${projectName}` });
    await complete.waitFor();
    expect(await openFindings.getByRole('link', { name: /View Project/ }).count()).toBe(0);
    await look(page, 'contractor-dashboard-1280');
    await complete.click();
    await page.waitForURL(new RegExp(`/inspection/${inspectionId}/findings$`));
    await page.getByRole('cell', { name: 'Wheel wash: sediment on the road' }).waitFor();
  });
});

describe('on a phone (375 px)', () => {
  it('the project tab and the questionnaire read well', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await signIn(page, inspector);
    await page.goto(`/divisions/${NORTH}/projects/${projectId}/inspections`);
    await page.getByText('Inspection #1').waitFor();
    // Today's routine inspection exists and the next date moved on: nothing is due today.
    expect(await page.getByText('An inspection is due today').count()).toBe(0);
    await look(page, 'project-inspections-375');
    await page.goto(`/inspection/${inspectionId}/questionnaire`);
    await page.getByRole('heading', { name: 'Inspection Information' }).waitFor();
    await expectReadableHeader(page);
    await look(page, 'questionnaire-375');
  });

  it('the demo season: a project with certified inspections and carried-over findings', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await signIn(page, { email: 'inspector@example.com', password: 'Demo-Passw0rd!' });
    await page.goto(`/divisions/${NORTH}/projects`);
    // Found by name, as a person does once the division's list runs past a page.
    await page.getByRole('searchbox', { name: 'Search Projects' }).fill('Clyde Gateway');
    await page.getByRole('link').filter({ hasText: 'Clyde Gateway' }).first().click();
    await page
      .getByText(/Inspection #\d+/)
      .first()
      .waitFor();
    await look(page, 'project-season-1280');
  });
});
