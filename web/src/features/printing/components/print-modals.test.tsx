import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { BEGIN_BODIES } from '@stormline/contract/reports';
import { addDays, localDate } from '@stormline/domain/local-date';
import { APPENDIX_GROUPS, REPORT_MESSAGES, SWMP_SECTIONS, type ReportJob } from '@stormline/domain/reports';
import { storage } from '../../../lib/storage';
import { ok, serveApi, type Answer } from '../../../testing/api';
import { inspectionCard } from '../../../testing/inspection-fixtures';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { startSocketServer } from '../../../testing/socket-server';
import type { Route } from '@stormline/contract/route';
import { reportView } from '../testing/report-fixtures';
import { FindingsReportModal } from './findings-report-modal';
import { PrintInspectionsModal } from './print-inspections-modal';
import { PrintSiteMapModal, PrintSiteMapsModal } from './print-site-map-modal';
import { PrintSwmpModal } from './print-swmp-modal';

let sockets: Awaited<ReturnType<typeof startSocketServer>>;
beforeAll(async () => {
  sockets = await startSocketServer();
});
afterAll(() => sockets.close());
beforeEach(() => {
  sockets.reset();
  storage.setToken('session-token');
  for (const job of ['inspection', 'inspections', 'siteMap', 'siteMaps', 'swmp', 'findings'] as const)
    sockets.on(`begin:${job}`, (message) => ({ result: reportView(job, String(message.key)) }));
});

async function open(ui: ReactElement, routes: [Route, () => Answer][] = []) {
  await serveApi(routes, { config: { websocketUrl: sockets.url } });
  return renderScreen(ui, { url: '/divisions/north-region/projects/p1', profile: profileOf('Inspector') });
}

/** Presses Print and answers the body the server received, checked against the contract's begin body. */
async function printAndReadBody(job: ReportJob) {
  await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Print' }));
  await waitFor(() => expect(sockets.received.some((m) => m.action === `begin:${job}`)).toBe(true));
  const {
    action: _a,
    divisionId,
    requestId: _r,
    key: _k,
    ...body
  } = sockets.received.find((m) => m.action === `begin:${job}`)!;
  expect(divisionId).toBe('north-region');
  const parsed = BEGIN_BODIES[job].safeParse({ key: 'k1', ...body });
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return body;
}
const nothingBegun = () =>
  expect(sockets.received.filter((m) => String(m.action).startsWith('begin:'))).toEqual([]);

describe('Findings Report (spec 002 §2 Findings list, §7, §9)', () => {
  const types = ok(templatesRoutes.listTemplateFindingTypes, {
    pageData: [
      {
        id: 'ft-ca',
        name: 'Corrective Action',
        code: 'CA',
        is_static_type: true,
        details: { is_enabled: true, is_required_for_cert: true, color: '#E03131' },
      },
      {
        id: 'ft-a',
        name: 'Achievement',
        code: 'A',
        is_static_type: true,
        details: { is_enabled: true, is_required_for_cert: false, color: '#2FF363' },
      },
      {
        id: 'ft-mi',
        name: 'Maintenance Item',
        code: 'MI',
        is_static_type: true,
        details: { is_enabled: false, is_required_for_cert: false, color: '#F08C00' },
      },
    ],
    version: 3,
    condition_options: [],
    control_measure_required: false,
  });
  const modal = (
    <FindingsReportModal
      opened
      onClose={() => {}}
      divisionId="north-region"
      inspection={{ id: 'insp-8', template: { id: 'routine-stormwater', version: 3 } }}
    />
  );

  it('prints every type, all findings, as a list by default', async () => {
    await open(modal, [[templatesRoutes.listTemplateFindingTypes, () => types]]);
    expect(screen.queryByText('Findings per page')).toBeNull();
    expect(await printAndReadBody('findings')).toEqual({
      inspectionId: 'insp-8',
      findingType: null,
      reportType: 'all',
      viewType: 'list',
      findingPerPage: 1,
    });
  });

  it('offers the template’s types that are on, open or closed, and 1 to 3 per page only in detail view', async () => {
    await open(modal, [[templatesRoutes.listTemplateFindingTypes, () => types]]);
    await userEvent.click(screen.getByRole('combobox', { name: 'Finding type' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All finding types',
      'Corrective Action (CA)',
      'Achievement (A)',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Achievement (A)' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Open findings' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Detail' }));
    const perPage = screen.getByRole('radiogroup', { name: 'Findings per page' });
    expect(
      within(perPage)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3']);
    await userEvent.click(within(perPage).getByRole('radio', { name: '2' }));
    expect(await printAndReadBody('findings')).toEqual({
      inspectionId: 'insp-8',
      findingType: 'ft-a',
      reportType: 'open',
      viewType: 'detail',
      findingPerPage: 2,
    });
  });
});

describe('Print Inspections (spec 002 §2, §5)', () => {
  const today = localDate('UTC', new Date());
  const day = (back: number) => `${addDays(today, -back)}T10:00`;
  const signedOnly = { certification_date: null, findings: [] };
  const rows = {
    recentCa: inspectionCard(9, {
      id: 'i9',
      created_date: day(5),
      ...signedOnly,
      findings: [{ code: 'CA', name: 'Corrective Action', color: '#E03131', total: 1, open: 1 }],
    }),
    signed: inspectionCard(8, {
      id: 'i8',
      created_date: day(40),
      certification_date: addDays(today, -40),
      findings: [],
    }),
    fourMonths: inspectionCard(7, { id: 'i7', created_date: day(120), ...signedOnly }),
    twoYears: inspectionCard(6, { id: 'i6', created_date: day(700), ...signedOnly }),
  };
  const pageOf = (cards: ReturnType<typeof inspectionCard>[], nextCursor: string | null) =>
    ok(inspectionsRoutes.listProjectInspections, {
      pageData: cards,
      paginationState: { pageSize: 2, numModels: 4, nextCursor },
      dueToday: { action: null, inspectionId: null },
      creation: { allowed: true, reason: null, type: 'Routine' },
      next_inspection_date: null,
    });
  const listed = () =>
    within(screen.getByRole('list', { name: 'Inspections in this period' }))
      .queryAllByRole('checkbox')
      .map((c) => c.closest('li')!.textContent!.split(' · ')[0]);
  const modal = (
    <PrintInspectionsModal
      opened
      onClose={() => {}}
      divisionId="north-region"
      project={{ id: 'p1', timezone: 'UTC' }}
    />
  );
  const routes: [Route, (request: { query: URLSearchParams }) => Answer][] = [
    [
      inspectionsRoutes.listProjectInspections,
      ({ query }) =>
        query.get('cursor') === 'c2'
          ? pageOf([rows.fourMonths, rows.twoYears], null)
          : pageOf([rows.recentCa, rows.signed], 'c2'),
    ],
  ];

  it('lists the past 3 months by default and needs a selection before printing', async () => {
    await open(modal, routes as never);
    expect((screen.getByRole('combobox', { name: 'Time' }) as HTMLInputElement).value).toBe('Past 3 months');
    await waitFor(() => expect(listed()).toEqual(['Routine #9', 'Routine #8']));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Print' }));
    expect((await screen.findByRole('alert')).textContent).toBe(REPORT_MESSAGES.selectionRequired);
    nothingBegun();

    // Select all in view, then print: the period, the scope and the chosen inspections.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all in view' }));
    expect(screen.getByText('Selected 2 of 2')).toBeTruthy();
    expect(await printAndReadBody('inspections')).toEqual({
      projectId: 'p1',
      period: '3m',
      scope: 'all',
      inspectionIds: ['i9', 'i8'],
    });
  });

  it('narrows by scope, widens by period, and shows more until the period is covered', async () => {
    await open(modal, routes as never);
    await waitFor(() => expect(listed()).toEqual(['Routine #9', 'Routine #8']));
    await userEvent.click(screen.getByRole('radio', { name: 'Only inspections with corrective actions' }));
    expect(listed()).toEqual(['Routine #9']);
    await userEvent.click(screen.getByRole('radio', { name: 'Only signed inspections' }));
    expect(listed()).toEqual(['Routine #8']);
    await userEvent.click(screen.getByRole('radio', { name: 'All inspections' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Time' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Past 6 months' }));
    // The first page reaches back only 40 days: Show more reads the next.
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(listed()).toEqual(['Routine #9', 'Routine #8', 'Routine #7']));
    // The last page reached before the period: nothing more to show.
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /Routine #7/ }));
    expect(await printAndReadBody('inspections')).toEqual({
      projectId: 'p1',
      period: '6m',
      scope: 'all',
      inspectionIds: ['i7'],
    });
  });

  it('a custom period may not end after today nor start after its end', async () => {
    await open(modal, routes as never);
    await userEvent.click(screen.getByRole('combobox', { name: 'Time' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Custom' }));
    const start = screen.getByLabelText('Start date') as HTMLInputElement;
    const end = screen.getByLabelText('End date') as HTMLInputElement;
    expect(end.max).toBe(today);

    fireEvent.change(start, { target: { value: addDays(today, -10) } });
    fireEvent.change(end, { target: { value: addDays(today, 1) } });
    expect(await screen.findByText(REPORT_MESSAGES.endDateInFuture)).toBeTruthy();
    fireEvent.change(end, { target: { value: addDays(today, -20) } });
    expect(await screen.findByText(REPORT_MESSAGES.startAfterEnd)).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Print' }));
    nothingBegun();

    fireEvent.change(start, { target: { value: addDays(today, -45) } });
    fireEvent.change(end, { target: { value: addDays(today, -30) } });
    await waitFor(() => expect(listed()).toEqual(['Routine #8']));
    await userEvent.click(screen.getByRole('checkbox', { name: /Routine #8/ }));
    expect(await printAndReadBody('inspections')).toEqual({
      projectId: 'p1',
      period: 'custom',
      startDate: addDays(today, -45),
      endDate: addDays(today, -30),
      scope: 'all',
      inspectionIds: ['i8'],
    });
  });
});

describe('Print SWMP (spec 002 §2)', () => {
  const modal = <PrintSwmpModal opened onClose={() => {}} divisionId="north-region" projectId="p1" />;
  const box = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;

  it('ticks the spec’s defaults and sends every section and appendix group', async () => {
    await open(modal);
    expect(SWMP_SECTIONS.map((s) => box(s.label).checked)).toEqual([true, true, true, true]);
    expect(Object.fromEntries(APPENDIX_GROUPS.map((g) => [g.label, box(g.label).checked]))).toEqual({
      'Construction documents': false,
      'Soil reports': true,
      'Delegation letters': true,
      'Endangered species': true,
      'Historical properties': true,
      Qualifications: true,
      'Local regulations': false,
      Miscellaneous: false,
    });
    await userEvent.click(box('Construction documents'));
    await userEvent.click(box('Maps'));
    expect(await printAndReadBody('swmp')).toEqual({
      projectId: 'p1',
      sections: { narrative: true, bmpDetails: true, maps: false, permits: true },
      appendices: {
        constructionDocs: true,
        soilReports: true,
        delegationLetters: true,
        endangeredSpecies: true,
        historicalProperties: true,
        qualifications: true,
        localRegulations: false,
        misc: false,
      },
    });
  });

  it('offers BMP details only to who may read the legend documents it prints', async () => {
    await serveApi([], { config: { websocketUrl: sockets.url } });
    renderScreen(modal, { url: '/divisions/north-region/projects/p1', profile: profileOf('BMP Contractor') });
    await screen.findByRole('checkbox', { name: 'SWMP narrative' });
    expect(screen.queryByRole('checkbox', { name: 'BMP details' })).toBeNull();
    expect(((await printAndReadBody('swmp')) as { sections: object }).sections).toEqual({
      narrative: true,
      bmpDetails: false,
      maps: true,
      permits: true,
    });
  });

  it('refuses to print with nothing ticked', async () => {
    await open(modal);
    for (const label of [...SWMP_SECTIONS, ...APPENDIX_GROUPS].map((o) => o.label))
      if (box(label).checked) await userEvent.click(box(label));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Print' }));
    expect((await screen.findByRole('alert')).textContent).toBe(REPORT_MESSAGES.nothingToPrint);
    nothingBegun();
  });
});

describe('Print Site Map and Print Site Maps (spec 002 §2)', () => {
  const thumb = (n: number) => ({
    id: `page-${n}`,
    GUID: `page-${n}-guid`,
    upload_id: 'map-1',
    name: 'Grading plan.pdf',
    page: n,
    width: 4000,
    height: 2828,
    thumbnail: { GUID: `thumb-${n}`, width: 450, height: 318, url: `https://storage.example/thumb-${n}.png` },
    createdAt: '2026-03-02T09:30:00.000Z',
    deletedAt: null,
  });
  const maps = ok(projectsRoutes.listSiteMaps, {
    pageData: [
      {
        id: 'map-1',
        GUID: 'map-1-guid',
        name: 'Grading plan.pdf',
        mime_type: 'application/pdf',
        conversion: null,
        pages: [thumb(1), thumb(2)],
        pagesNotInFile: [],
      },
      {
        id: 'map-2',
        GUID: 'map-2-guid',
        name: 'Aerial.jpg',
        mime_type: 'image/jpeg',
        conversion: null,
        pages: [],
        pagesNotInFile: [],
      },
    ],
    paginationState: { pageSize: 20, numModels: 2, nextCursor: null },
  });

  it('Print Site Map offers each page of each active site map, as it stood for the inspection', async () => {
    await open(
      <PrintSiteMapModal
        opened
        onClose={() => {}}
        divisionId="north-region"
        projectId="p1"
        inspectionId="insp-8"
      />,
      [[projectsRoutes.listSiteMaps, () => maps]],
    );
    const select = await screen.findByRole('combobox', { name: 'Site map' });
    await waitFor(() => expect((select as HTMLInputElement).value).toBe('Grading plan.pdf: page 1'));
    await userEvent.click(select);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Grading plan.pdf: page 1',
      'Grading plan.pdf: page 2',
      'Aerial.jpg',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Grading plan.pdf: page 2' }));
    expect(await printAndReadBody('siteMap')).toEqual({
      projectId: 'p1',
      uploadId: 'map-1',
      page: 2,
      inspectionId: 'insp-8',
    });
  });

  it('Print Site Map says so when the project has no site map', async () => {
    await open(<PrintSiteMapModal opened onClose={() => {}} divisionId="north-region" projectId="p1" />, [
      [
        projectsRoutes.listSiteMaps,
        () =>
          ok(projectsRoutes.listSiteMaps, {
            pageData: [],
            paginationState: { pageSize: 20, numModels: 0, nextCursor: null },
          }),
      ],
    ]);
    expect(await screen.findByText('This project has no active site maps to print.')).toBeTruthy();
    const print = within(screen.getByRole('dialog')).getByRole('button', {
      name: 'Print',
    }) as HTMLButtonElement;
    expect(print.disabled).toBe(true);
    nothingBegun();
  });

  it('Print Site Maps prints every active map of the project', async () => {
    await open(<PrintSiteMapsModal opened onClose={() => {}} divisionId="north-region" projectId="p1" />);
    expect(await printAndReadBody('siteMaps')).toEqual({ projectId: 'p1' });
  });
});
