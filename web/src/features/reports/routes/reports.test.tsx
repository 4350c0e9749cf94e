import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { ok, refuse, serveApi, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import type { ReportRow } from '../api/get-compliance-report';
import ReportsRoute from './reports';

const ZERO = {
  inspectionCount: 0,
  findingsCount: 0,
  avgFindings: null,
  avgFindingDays: null,
  maxDay: null,
  openFindings: 0,
  notCompleteInExpectedDays: 0,
  ackCount: 0,
  complianceCount: 0,
  missedIsp: 0,
  postStormInTime: 0,
  postStormLate: 0,
  postStormMissed: 0,
};

const ROWS: ReportRow[] = [
  {
    projectId: 'aqueduct',
    projectName: 'Aqueduct',
    clientId: 'alder',
    clientName: 'Alder Civils',
    inspectionCount: 2,
    findingsCount: 3,
    avgFindings: 1.5,
    avgFindingDays: 6.5,
    maxDay: 10,
    openFindings: 1,
    notCompleteInExpectedDays: 2,
    ackCount: 2,
    complianceCount: 1,
    missedIsp: 0,
    postStormInTime: 0,
    postStormLate: 0,
    postStormMissed: 0,
  },
  {
    projectId: 'bridge',
    projectName: 'Bridge',
    clientId: 'birch',
    clientName: 'Birch Homes',
    ...ZERO,
    missedIsp: 1,
  },
];

function answer(request: ServedRequest, rows = ROWS, numModels = rows.length) {
  const r = request.query.get('r') ?? '10';
  return ok(divisionsRoutes.getComplianceReport, {
    pageData: rows,
    paginationState: {
      pageSize: r === 'All' ? Math.max(rows.length, 1) : Number(r),
      numModels,
      page: Number(request.query.get('p') ?? '1'),
    },
  });
}

const FINDING_TYPES = [
  divisionsRoutes.listFindingTypes,
  () =>
    ok(divisionsRoutes.listFindingTypes, {
      pageData: [
        { code: 'CA', name: 'Corrective Action' },
        { code: 'MI', name: 'Maintenance Item' },
      ],
    }),
] as const;

const CLIENTS = [
  clientsRoutes.listClients,
  () =>
    ok(clientsRoutes.listClients, {
      pageData: [],
      paginationState: { pageSize: 25, numModels: 0, nextCursor: null },
    }),
] as const;

const openReport = (url = '/divisions/north-region/reports') =>
  renderScreen(<ReportsRoute />, {
    url,
    path: '/divisions/:divisionId/reports',
    profile: profileOf('Admin'),
    divisionId: 'north-region',
  });

const cells = (row: HTMLElement) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent);

describe('the compliance report screen (spec 001 §2)', () => {
  it("shows the rows with '-' for null, then Total and Percent Variance over them", async () => {
    const { requests } = await serveApi([
      [divisionsRoutes.getComplianceReport, (request) => answer(request)],
      [...FINDING_TYPES],
      [...CLIENTS],
    ]);
    openReport();
    const table = await screen.findByRole('table', { name: 'Compliance Report' });
    await within(table).findByRole('link', { name: 'Aqueduct' });
    const report = requests.find((request) => request.route === divisionsRoutes.getComplianceReport.key)!;
    expect(report.params).toEqual({ id: 'north-region' });
    expect(report.headers.get('divisionId')).toBe('north-region');
    expect(Object.fromEntries(report.query)).toEqual({ p: '1', r: '10' });

    const bridge = within(table).getByRole('link', { name: 'Bridge' }).closest('tr')!;
    expect(cells(bridge)).toEqual(['Bridge', '0', '0', '-', '-', '-', '0', '0', '0', '0', '1']);
    expect(cells(screen.getByTestId('report-total-row'))).toEqual([
      'Total',
      '2',
      '3',
      '1.50',
      '6.50',
      '10',
      '1',
      '2',
      '2',
      '1',
      '1',
    ]);
    // Open 1/3, late 2/3 of findings; acknowledged 2/2, compliance 1/2 of inspections; missed 1/(2+1).
    const percent = screen.getByTestId('report-percent-row');
    expect(cells(percent)).toEqual(['Percent Variance', '33.33%', '66.67%', '100.00%', '50.00%', '33.33%']);
    expect(within(percent).getByRole('rowheader').getAttribute('colspan')).toBe('6');
    expect(
      within(screen.getByTestId('report-total-row')).getByRole('rowheader').getAttribute('colspan'),
    ).toBe('1');
  });

  it('Column Setting: Client Name widens the Total label; a hidden column leaves the percent span', async () => {
    await serveApi([
      [divisionsRoutes.getComplianceReport, (request) => answer(request)],
      [...FINDING_TYPES],
      [...CLIENTS],
    ]);
    openReport();
    const table = await screen.findByRole('table', { name: 'Compliance Report' });
    await within(table).findByRole('link', { name: 'Aqueduct' });
    expect(within(table).queryByRole('columnheader', { name: /Client Name/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Column Setting' }));
    const drawer = await screen.findByRole('dialog', { name: 'Column Setting' });
    const clientName = within(drawer).getByRole('checkbox', { name: 'Client Name' });
    expect((clientName as HTMLInputElement).checked).toBe(false);
    expect(
      within(drawer)
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked),
    ).toHaveLength(10);

    await userEvent.click(clientName);
    expect(within(table).getByRole('columnheader', { name: /Client Name/ })).toBeTruthy();
    expect(within(table).getByText('Alder Civils')).toBeTruthy();
    const total = screen.getByTestId('report-total-row');
    expect(within(total).getByRole('rowheader').getAttribute('colspan')).toBe('2');
    expect(
      within(screen.getByTestId('report-percent-row')).getByRole('rowheader').getAttribute('colspan'),
    ).toBe('7');

    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Acknowledged' }));
    const percent = screen.getByTestId('report-percent-row');
    expect(cells(percent)).toEqual(['Percent Variance', '33.33%', '66.67%', '50.00%', '33.33%']);
    expect(within(table).queryByRole('columnheader', { name: /Acknowledged/ })).toBeNull();
  });

  it("says 'No data found' for a search that matches nothing, asked 500 ms after typing", async () => {
    const { requests } = await serveApi([
      [divisionsRoutes.getComplianceReport, (request) => answer(request, request.query.get('s') ? [] : ROWS)],
      [...FINDING_TYPES],
      [...CLIENTS],
    ]);
    openReport();
    await screen.findByRole('link', { name: 'Aqueduct' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing');
    expect(await screen.findByText('No data found')).toBeTruthy();
    expect(requests.filter((request) => request.query.get('s') === 'nothing')).toHaveLength(1);
    expect(screen.queryByTestId('report-total-row')).toBeNull();
  });

  it('pages with first, previous, next and last, and asks for the rows per page from page 1', async () => {
    const { requests } = await serveApi([
      [divisionsRoutes.getComplianceReport, (request) => answer(request, ROWS, 45)],
      [...FINDING_TYPES],
      [...CLIENTS],
    ]);
    const { router } = openReport('/divisions/north-region/reports?p=2');
    await screen.findByText(/Page 2 of 5/);
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?p=5'));
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?p=2'));
    // Spec 001 §9 "page range 3": the links around the page, the current one marked.
    await screen.findByText(/Page 2 of 5/);
    expect(screen.getAllByRole('button', { name: /^Page \d$/ }).map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?p=3'));
    await screen.findByText(/Page 3 of 5/);
    expect(screen.getAllByRole('button', { name: /^Page \d$/ }).map((b) => b.textContent)).toEqual([
      '2',
      '3',
      '4',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await waitFor(() => expect(router.state.location.search).toBe('?r=20'));
    await screen.findByText(/Page 1 of 3/);
    expect(Object.fromEntries(requests.at(-1)!.query)).toMatchObject({ p: '1', r: '20' });
  });

  it('goes from a page past the last to page 1 without showing the empty page as the report', async () => {
    await serveApi([
      [
        divisionsRoutes.getComplianceReport,
        // Two projects, so page 2 of 10 rows is empty; it answers late, as a slow signal would.
        async (request) => {
          if (request.query.get('p') === '2') await new Promise((resolve) => setTimeout(resolve, 50));
          return answer(request, request.query.get('p') === '2' ? [] : ROWS, 2);
        },
      ],
      [...FINDING_TYPES],
      [...CLIENTS],
    ]);
    const { router } = openReport('/divisions/north-region/reports?p=2');
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const status = document.querySelector('[data-testid="report-pager-status"]')?.textContent;
      if (status) seen.push(status);
      if (screen.queryByText('No data found')) seen.push('No data found');
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    await screen.findByText(/1–2 of 2 · Page 1 of 1/);
    observer.disconnect();
    expect(router.state.location.search).toBe('');
    expect(seen.filter((text) => !/^1–2 of 2 · Page 1 of 1$/.test(text))).toEqual([]);
  });

  it("replaces the page with spec 001 §8's message when the call is refused, or fails", async () => {
    await serveApi([
      [divisionsRoutes.getComplianceReport, () => refuse(403, 'Your role does not allow read on Dashboard')],
      [...FINDING_TYPES],
      [...CLIENTS],
    ]);
    openReport();
    expect(await screen.findByText('This User role doesnt have the access to the reports page')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the same message for a server error, with Try again', async () => {
    await serveApi([
      [divisionsRoutes.getComplianceReport, () => refuse(503, 'The service is busy.')],
      [...FINDING_TYPES],
      [...CLIENTS],
    ]);
    openReport();
    expect(await screen.findByText('This User role doesnt have the access to the reports page')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('reads the filters from the URL and sends them, dropping what the server would refuse', async () => {
    const { requests } = await serveApi([
      [divisionsRoutes.getComplianceReport, (request) => answer(request)],
      [...FINDING_TYPES],
      [
        clientsRoutes.listClients,
        () =>
          ok(clientsRoutes.listClients, {
            pageData: [],
            paginationState: { pageSize: 25, numModels: 0, nextCursor: null },
          }),
      ],
    ]);
    openReport('/divisions/north-region/reports?minDate=2026-01-01&maxDate=2999-01-01&findings=MI&r=25');
    await screen.findByRole('link', { name: 'Aqueduct' });
    const report = requests.find((request) => request.route === divisionsRoutes.getComplianceReport.key)!;
    expect(Object.fromEntries(report.query)).toEqual({
      p: '1',
      r: '10',
      minDate: '2026-01-01',
      findings: 'MI',
    });
    expect((screen.getByLabelText('Min Date') as HTMLInputElement).value).toBe('2026-01-01');
    expect(screen.getByTestId('report-summary').textContent).toContain('from 01-01-2026 to today');
  });
});
