import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportsRoutes } from '@stormline/contract/areas/reports';
import type { ReportView } from '@stormline/contract/reports';
import { REPORT_DOWNLOAD_DELAY_MS, REPORT_MESSAGES } from '@stormline/domain/reports';
import { storage } from '../../../lib/storage';
import { ok, refuse, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen, renderWithApp } from '../../../testing/render';
import { MemoryRouter } from 'react-router-dom';
import { reportView } from '../testing/report-fixtures';
import DownloadNotFound from './download-not-found';
import ReportDownload from './report-download';
import ReportNotFound from './report-not-found';

const DONE = reportView('inspection', 'k1', {
  status: 'done',
  completed: 5,
  total: 5,
  url: '/api/download/rep-1.pdf?token=short-lived-token',
});

/** The anchor clicks the page makes: the download it starts by itself (lib/save-file.ts). */
let clicks: { href: string; download: string; at: number }[] = [];
beforeEach(() => {
  clicks = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, download: this.download, at: Date.now() });
  });
});
afterEach(() => vi.restoreAllMocks());

async function openPage(
  url: string,
  answer: (() => ReturnType<typeof ok>) | null,
  {
    state,
    profile = profileOf('Inspector'),
  }: { state?: unknown; profile?: ReturnType<typeof profileOf> } = {},
) {
  const served = await serveApi(answer ? [[reportsRoutes.getReport, answer]] : []);
  const view = renderScreen(<ReportDownload />, {
    url,
    path: '/inspection/report/download',
    profile,
    state,
  });
  return { ...view, served };
}

const downloadUrl =
  '/inspection/report/download?reportId=rep-1&reportTitle=Inspection%208%20-%20Riverside%20Lofts';

describe('the report download page (spec 002 §2 Printing, spec 001 §8, §9)', () => {
  it('says the report is ready, starts the download itself after 2 s with a fresh link, and offers the link', async () => {
    // Each read hands out a new short-lived token, as the server does.
    let reads = 0;
    const { served } = await openPage(downloadUrl, () =>
      ok(reportsRoutes.getReport, { ...DONE, url: `/api/download/rep-1.pdf?token=t${++reads}` }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Your report Inspection 8 - Riverside Lofts is ready' }),
    ).toBeTruthy();
    const shownAt = Date.now();
    // The link is read for this page, in the user's division.
    expect(served.requests).toHaveLength(1);
    expect(served.requests[0]!.params).toEqual({ reportId: 'rep-1' });
    expect(served.requests[0]!.headers.get('divisionId')).toBe('north-region');

    const link = screen.getByRole('link', { name: 'Download' }) as HTMLAnchorElement;
    expect(link.href).toBe('http://api.test/api/download/rep-1.pdf?token=t1');
    expect(link.getAttribute('download')).toBe('Inspection 8 - Riverside Lofts.pdf');

    await new Promise((resolve) => setTimeout(resolve, REPORT_DOWNLOAD_DELAY_MS - 600));
    expect(clicks).toHaveLength(0);
    await waitFor(() => expect(clicks).toHaveLength(1), { timeout: 3000 });
    expect(clicks[0]!.at - shownAt).toBeGreaterThanOrEqual(REPORT_DOWNLOAD_DELAY_MS - 100);
    // The automatic start read the job again: a fresh token, not the one read 2 s before.
    expect(served.requests).toHaveLength(2);
    expect(clicks[0]).toMatchObject({
      href: 'http://api.test/api/download/rep-1.pdf?token=t2',
      download: 'Inspection 8 - Riverside Lofts.pdf',
    });
    expect(
      await screen.findByText('Your download has started. If it did not, use the link below.'),
    ).toBeTruthy();
    // The link on the page carries the fresh token too (for a right-click or a no-script visitor).
    expect(link.href).toBe('http://api.test/api/download/rep-1.pdf?token=t2');
  });

  it('reads a fresh link on each click of Download, and from the keyboard', async () => {
    let reads = 0;
    const { served } = await openPage(downloadUrl, () =>
      ok(reportsRoutes.getReport, { ...DONE, url: `/api/download/rep-1.pdf?token=t${++reads}` }),
    );
    const link = await screen.findByRole('link', { name: 'Download' });
    // Long after the page opened (the first link may be dead: 10 minutes), a click reads a new one.
    await userEvent.click(link);
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.href).toBe('http://api.test/api/download/rep-1.pdf?token=t2');
    expect(served.requests).toHaveLength(2);

    link.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(clicks.length).toBeGreaterThanOrEqual(2));
    expect(clicks[1]!.href).toBe('http://api.test/api/download/rep-1.pdf?token=t3');
  });

  it('says the link has expired when the fresh read finds the file gone, and saves nothing', async () => {
    let reads = 0;
    await openPage(downloadUrl, () =>
      ok(reportsRoutes.getReport, ++reads === 1 ? DONE : { ...DONE, url: null }),
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Download' }));
    expect((await screen.findByRole('alert')).textContent).toBe(REPORT_MESSAGES.linkExpired);
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    expect(clicks).toHaveLength(0);
  });

  it('names the report by the job’s title once read, not the address’s', async () => {
    await openPage('/inspection/report/download?reportId=rep-1&reportTitle=Something%20else', () =>
      ok(reportsRoutes.getReport, DONE),
    );
    expect(
      await screen.findByRole('heading', { name: 'Your report Inspection 8 - Riverside Lofts is ready' }),
    ).toBeTruthy();
    expect(screen.queryByText(/Something else/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(
      'Inspection 8 - Riverside Lofts.pdf',
    );
    await waitFor(() => expect(clicks).toHaveLength(1), { timeout: 3000 });
    expect(clicks[0]!.download).toBe('Inspection 8 - Riverside Lofts.pdf');
  });

  it('follows a report still printing until it is done, then starts the download', async () => {
    const answers: Partial<ReportView>[] = [
      { status: 'progress', completed: 2, total: 5 },
      { status: 'progress', completed: 4, total: 5 },
    ];
    const { served } = await openPage(downloadUrl, () =>
      ok(reportsRoutes.getReport, answers.length ? reportView('inspection', 'k1', answers.shift()) : DONE),
    );
    expect((await screen.findByRole('status')).textContent).toContain(REPORT_MESSAGES.running);
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    // Read again every few seconds: still printing, then done.
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Your report Inspection 8 - Riverside Lofts is ready' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(served.requests.length).toBe(3);
    await waitFor(() => expect(clicks).toHaveLength(1), { timeout: 3000 });
    expect(clicks[0]!.href).toBe('http://api.test/api/download/rep-1.pdf?token=short-lived-token');
    // Done: no more reading every few seconds (one more read: the fresh link of the download).
    const after = served.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(served.requests.length).toBe(after);
  });

  it('shows the job’s own message when a report still printing fails', async () => {
    const answers: Partial<ReportView>[] = [{ status: 'progress', completed: 2, total: 5 }];
    await openPage(downloadUrl, () =>
      ok(
        reportsRoutes.getReport,
        reportView(
          'inspection',
          'k1',
          answers.shift() ?? { status: 'error', message: 'The site map could not be read' },
        ),
      ),
    );
    expect((await screen.findByRole('status')).textContent).toContain(REPORT_MESSAGES.running);
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'The site map could not be read',
    );
    await new Promise((resolve) => setTimeout(resolve, REPORT_DOWNLOAD_DELAY_MS + 200));
    expect(clicks).toHaveLength(0);
  });

  it('reads the report in the division it was printed in, as the print modal hands it over', async () => {
    const twoDivisions = profileOf('Inspector', [
      { id: 'north-region', name: 'North Region' },
      { id: 'south-region', name: 'South Region' },
    ]);
    const { served } = await openPage(downloadUrl, () => ok(reportsRoutes.getReport, DONE), {
      state: { divisionId: 'south-region' },
      profile: twoDivisions,
    });
    await screen.findByRole('link', { name: 'Download' });
    expect(served.requests[0]!.headers.get('divisionId')).toBe('south-region');
  });

  it('never reads in a division that is not the user’s, whatever the history state says', async () => {
    const { served } = await openPage(`${downloadUrl}.pdf`, () => ok(reportsRoutes.getReport, DONE), {
      state: { divisionId: 'south-region' },
    });
    // The title names the report, not its file type.
    expect(
      await screen.findByRole('heading', { name: 'Your report Inspection 8 - Riverside Lofts is ready' }),
    ).toBeTruthy();
    expect(served.requests[0]!.headers.get('divisionId')).toBe('north-region');
  });

  it.each([
    ['no parameters', '/inspection/report/download'],
    ['no report id', '/inspection/report/download?reportTitle=Inspection%208'],
    ['no title', '/inspection/report/download?reportId=rep-1'],
  ])('goes to /download-not-found with %s', async (_, url) => {
    const { router } = await openPage(url, null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/download-not-found'));
    expect(clicks).toHaveLength(0);
  });

  it('goes to /inspection/report/not-found when the server does not know the report (or it is not the caller’s)', async () => {
    const { router } = await openPage(downloadUrl, () => refuse(404, REPORT_MESSAGES.notFound));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inspection/report/not-found'));
  });

  it('downloads nothing for a report that failed, and says why', async () => {
    await openPage(downloadUrl, () =>
      ok(
        reportsRoutes.getReport,
        reportView('inspection', 'k1', { status: 'error', message: 'The site map could not be read' }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The site map could not be read');
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, REPORT_DOWNLOAD_DELAY_MS + 200));
    expect(clicks).toHaveLength(0);
  });
});

describe('the two not-found pages', () => {
  it('/inspection/report/not-found says “Report Not Found” with a way home', async () => {
    await serveApi([]);
    renderWithApp(
      <MemoryRouter>
        <ReportNotFound />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: REPORT_MESSAGES.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/');
  });

  it('/download-not-found says the link names no report, with a way home', async () => {
    await serveApi([]);
    renderWithApp(
      <MemoryRouter>
        <DownloadNotFound />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Download not found' })).toBeTruthy();
    expect(screen.getByText(/does not say which report to download/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/');
  });
});

describe('the download page’s public twin (/public/report/download, a public print)', () => {
  const publicUrl =
    '/public/report/download?reportId=rep-1&reportTitle=Inspection%208%20-%20Riverside%20Lofts&division=north-region';
  async function openPublic(answer: () => ReturnType<typeof ok>) {
    storage.setPublicToken('public-token');
    // The page's own address: api-client reads it to send the public account's token.
    window.history.replaceState(null, '', publicUrl);
    const served = await serveApi([[reportsRoutes.getReport, answer]]);
    renderScreen(<ReportDownload />, {
      url: publicUrl,
      path: '/public/report/download',
      profile: profileOf('Public'),
    });
    return served;
  }
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    storage.clearPublicToken();
  });

  it('reads the report as the public account in the address’s division and offers its link', async () => {
    const served = await openPublic(() => ok(reportsRoutes.getReport, DONE));
    expect(
      await screen.findByRole('heading', { name: 'Your report Inspection 8 - Riverside Lofts is ready' }),
    ).toBeTruthy();
    expect(served.requests[0]!.headers.get('Authorization')).toBe('Bearer public-token');
    expect(served.requests[0]!.headers.get('divisionId')).toBe('north-region');
    const link = screen.getByRole('link', { name: 'Download' }) as HTMLAnchorElement;
    expect(link.href).toBe('http://api.test/api/download/rep-1.pdf?token=short-lived-token');
  });

  it('says “Report Not Found” in place for a report that is not the public account’s', async () => {
    await openPublic(() => refuse(404, REPORT_MESSAGES.notFound));
    expect(await screen.findByRole('heading', { name: REPORT_MESSAGES.notFound })).toBeTruthy();
  });
});
