import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, NORTH } from '../support/api';
import { createRoutineProject } from '../support/routine-project';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { VIEWPORTS, screenshot, signIn, useBrowser } from './browser';

/**
 * Issue 24 item 1: a typed answer is never lost. The questionnaire saves on leaving the screen;
 * coming back while the next read takes 1.5 s (a site's slow signal) shows the answers as saved
 * and keeps what is typed when the fresh copy arrives; another user's save meanwhile shows both
 * answers and lets the inspector choose, without throwing away what was typed.
 */

const newPage = useBrowser();
const run = Date.now().toString(36);
const db = testTable();
afterAll(() => db.doc.destroy());

const WEATHER = 'rs-weather-now';
let inspector: { id: string; email: string; password: string };
let token: string;
let adminToken: string;
let inspectionId: string;

interface Questionnaire {
  answers: { questionId: string; value: unknown }[];
  answersVersion: number;
}

const api = <T>(path: string, method = 'GET', body?: unknown, as = token) =>
  call<T>(path, { method, token: as, divisionId: NORTH, ...(body === undefined ? {} : { body }) });

const storedAnswer = async (questionId: string) =>
  (await api<Questionnaire>(`/api/inspections/${inspectionId}/questions`)).body.answers.find(
    (a) => a.questionId === questionId,
  )?.value;

beforeAll(async () => {
  inspector = await createTestUser('Inspector', [NORTH]);
  token = await signInAs(inspector);
  const admin = await createTestUser('Admin', [NORTH]);
  adminToken = await signInAs(admin);
  ({ inspectionId } = await routineInspection(`Slow Signal ${run}`));
});

/** A routine inspection of a project of its own (named `E2E {label}`) for the inspector. */
async function routineInspection(label: string): Promise<{ projectId: string; inspectionId: string }> {
  const projectId = await createRoutineProject(db, {
    name: `E2E ${label}`,
    clientName: `E2E ${label} Client`,
    groupName: `E2E ${label} regulations`,
    inspectorId: inspector.id,
    adminToken,
  });
  const created = await api<{ id: string }>('/api/inspections', 'POST', { projectId, type: 'Routine' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { projectId, inspectionId: created.body.id };
}

/** Every read of the questionnaire answers 1.5 s late; resolves each time one has answered. */
async function slowQuestionnaireReads(page: Page) {
  await page.route(/\/api\/inspections\/[^/]+\/questions$/, async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
}

const weatherField = (page: Page) => page.locator(`[data-question="${WEATHER}"] input`);
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

describe('a typed answer is never lost (issue 24 item 1)', () => {
  it('coming back before the slow read answers shows the saved answers, and typing survives the fresh copy', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await signIn(page, inspector);
    await page.goto(`/inspection/${inspectionId}/questionnaire`);
    await weatherField(page).waitFor();
    await slowQuestionnaireReads(page);

    await weatherField(page).fill('Light rain');
    await tab(page, 'Findings').click(); // leaving the questionnaire saves it
    await page.getByText('Inspection saved!').first().waitFor();
    const freshRead = page.waitForResponse(/\/api\/inspections\/[^/]+\/questions$/);
    await tab(page, 'Inspection Questions').click();

    // At once, before the 1.5 s read: the answer as saved, editable.
    await expect.poll(() => weatherField(page).inputValue(), { timeout: 1000 }).toBe('Light rain');
    await weatherField(page).press('End');
    await weatherField(page).pressSequentially(', then sun');
    await freshRead;
    expect(await weatherField(page).inputValue()).toBe('Light rain, then sun');

    await tab(page, 'Findings').click();
    await expect.poll(() => storedAnswer(WEATHER), { timeout: 10_000 }).toBe('Light rain, then sun');
    expect(await page.getByText(/Cannot save inspection/).count()).toBe(0);
  });

  for (const viewport of ['desktop', 'mobile'] as const)
    it(`someone else's save meanwhile shows both answers and the inspector chooses (${VIEWPORTS[viewport].width} px)`, async () => {
      const page = await newPage(VIEWPORTS[viewport]);
      await signIn(page, inspector);
      await page.goto(`/inspection/${inspectionId}/questionnaire`);
      await weatherField(page).waitFor();

      // The admin saves another answer to the same question after the inspector's screen read it.
      const read = (await api<Questionnaire>(`/api/inspections/${inspectionId}/questions`)).body;
      const theirs = `Sunny (${viewport})`;
      const admin = await api(
        `/api/inspections/${inspectionId}`,
        'PUT',
        { answersVersion: read.answersVersion, answers: [{ questionId: WEATHER, value: theirs }] },
        adminToken,
      );
      expect(admin.status).toBe(200);

      const mine = `Drizzle (${viewport})`;
      await weatherField(page).fill(mine);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const choice = page.getByRole('group', { name: /Choose the answer to Weather at the time/ });
      await choice.waitFor();
      expect(await choice.innerText()).toContain(`Yours: ${mine}`);
      expect(await choice.innerText()).toContain(`Saved by someone else: ${theirs}`);
      expect(await weatherField(page).inputValue()).toBe(mine);
      await choice.scrollIntoViewIfNeeded();
      await expectNoSeriousAxeViolations(page, `questionnaire-conflict-${VIEWPORTS[viewport].width}`);
      await screenshot(page, `questionnaire-conflict-${VIEWPORTS[viewport].width}`);

      await choice.getByRole('button', { name: 'Keep mine' }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => storedAnswer(WEATHER), { timeout: 10_000 }).toBe(mine);
      await page.getByText('All changes saved').waitFor();
    });
});

describe('an inspection that turns read-only with answers unsaved (0030 follow-up)', () => {
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile])
    it(`shows the unsaved answers to copy before discarding them (${viewport.width} px)`, async () => {
      const { projectId, inspectionId: readOnlyId } = await routineInspection(
        `Read-only ${run}-${viewport.width}`,
      );
      const page = await newPage(viewport);
      await signIn(page, inspector);
      await page.goto(`/inspection/${readOnlyId}/questionnaire`);
      await weatherField(page).waitFor();
      await weatherField(page).fill('Light rain, puddles by the gate');
      // Archived meanwhile by an administrator: the inspection is read-only (0018).
      const archived = await api(
        `/api/divisions/${NORTH}/projects/archive/${projectId}`,
        'POST',
        undefined,
        adminToken,
      );
      expect(archived.status, JSON.stringify(archived.body)).toBe(200);
      await page.reload();
      await page.getByText('Your unsaved answers cannot be saved').waitFor();
      const typed = page.getByLabel('Your unsaved answers', { exact: true });
      expect(await typed.inputValue()).toBe(
        'Weather at the time of the inspection: Light rain, puddles by the gate',
      );
      expect(await typed.getAttribute('readonly')).not.toBeNull();
      await page.getByRole('button', { name: 'Copy them' }).waitFor();
      // All of it inside the alert and on the screen: the alert clips what runs past its edge.
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll('[role="alert"]')].flatMap((alert) => {
          const edge = Math.min(alert.getBoundingClientRect().right, window.innerWidth);
          return [...alert.querySelectorAll('*')]
            .filter((element) => element.getBoundingClientRect().right > edge + 0.5)
            .map(
              (element) => `${element.tagName} "${(element as HTMLElement).innerText?.slice(0, 40) ?? ''}"`,
            );
        }),
      );
      expect(outside).toEqual([]);
      await screenshot(page, `questionnaire-read-only-unsaved-${viewport.width}`);
      await page.screenshot({ path: `/work/shots/read-only-unsaved-${viewport.width}.png`, fullPage: true });
      await expectNoSeriousAxeViolations(page, `read-only with unsaved answers at ${viewport.width} px`);
      await page.getByRole('button', { name: 'Discard them and show the inspection' }).click();
      await page.getByText('This inspection is read-only.').waitFor();
      expect(await weatherField(page).inputValue()).toBe('');
    });
});
