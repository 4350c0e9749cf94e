import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportsRoutes } from '@stormline/contract/areas/reports';
import { BEGIN_BODIES, type ReportView } from '@stormline/contract/reports';
import { REPORT_MESSAGES, reportChannel } from '@stormline/domain/reports';
import { storage } from '../../../lib/storage';
import { ok, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { startSocketServer } from '../../../testing/socket-server';
import { later, reportView } from '../testing/report-fixtures';
import { CLOSE_WHILE_PRINTING } from './print-job-modal';
import { PrintInspectionModal } from './print-inspection-modal';

let sockets: Awaited<ReturnType<typeof startSocketServer>>;
beforeAll(async () => {
  sockets = await startSocketServer();
});
afterAll(() => sockets.close());
beforeEach(() => {
  sockets.reset();
  storage.setToken('session-token');
});

/** The server's stored copy of the job, as GET /api/reports/{reportId} answers it. */
let stored: ReportView | null = null;

async function openModal({ websocket = true } = {}) {
  const served = await serveApi(
    [
      [
        reportsRoutes.getReport,
        () =>
          stored
            ? ok(reportsRoutes.getReport, stored)
            : { status: 404, body: { message: REPORT_MESSAGES.notFound } },
      ],
    ],
    { config: websocket ? { websocketUrl: sockets.url } : {} },
  );
  const view = renderScreen(<ClosableModal />, {
    url: '/inspection/insp-8',
    profile: profileOf('Inspector'),
  });
  return { ...view, served };
}

/** The modal as a page holds it: its onClose really closes it. */
function ClosableModal() {
  const [opened, setOpened] = useState(true);
  return (
    <PrintInspectionModal
      opened={opened}
      onClose={() => setOpened(false)}
      divisionId="north-region"
      inspectionId="insp-8"
      inspectionName="Routine Inspection #8"
    />
  );
}

const begins = () => sockets.received.filter((m) => String(m.action).startsWith('begin:'));
const buttons = () =>
  within(screen.getByRole('dialog'))
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((t) => t && t !== '');

describe('a print job’s progress (spec 002 §4)', () => {
  it('goes connecting, connected, requested, progress x of total, done, then opens the download page', async () => {
    stored = null;
    let answerBegin: (view: ReportView) => void = () => {};
    sockets.on(
      'begin:inspection',
      () => new Promise((resolve) => (answerBegin = (view) => resolve({ result: view }))),
    );
    const releaseHandshake = sockets.holdHandshakes();
    const { router } = await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));

    expect(await screen.findByText('Connecting to the server…')).toBeTruthy();
    expect(begins()).toHaveLength(0);
    releaseHandshake();
    expect(await screen.findByText('Connected. Asking for the report…')).toBeTruthy();

    // The begin: the envelope, a fresh key of the Id pattern, and the body the contract takes.
    await waitFor(() => expect(begins()).toHaveLength(1));
    const begin = begins()[0]!;
    expect(begin).toMatchObject({
      action: 'begin:inspection',
      divisionId: 'north-region',
      inspectionId: 'insp-8',
    });
    const key = String(begin.key);
    expect(key).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    const { action: _a, divisionId: _d, requestId: _r, ...body } = begin;
    expect(BEGIN_BODIES.inspection.safeParse(body).success).toBe(true);

    stored = reportView('inspection', key);
    answerBegin(stored);
    expect(await screen.findByText('Requested: the report will start in a moment.')).toBeTruthy();
    // Close and a greyed Print: no Retry while it runs.
    expect(buttons()).toEqual(['Close', 'Print']);
    expect(
      (within(screen.getByRole('dialog')).getByRole('button', { name: 'Print' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    // The screen subscribes to the job's channel (heard again after a reconnect) and reads the stored job.
    const channel = reportChannel('inspection', key);
    await waitFor(() =>
      expect(sockets.received).toContainEqual(expect.objectContaining({ action: 'subscribe', channel })),
    );

    sockets.push(channel, {
      report: reportView('inspection', key, {
        status: 'progress',
        completed: 3,
        total: 8,
        updatedAt: later(3),
      }),
    });
    expect(await screen.findByText('Printing: 3 of 8')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Print progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('38');

    // An older account arriving late never replaces a newer one.
    sockets.push(channel, {
      report: reportView('inspection', key, {
        status: 'progress',
        completed: 2,
        total: 8,
        updatedAt: later(2),
      }),
    });
    sockets.push(channel, {
      report: reportView('inspection', key, {
        status: 'progress',
        completed: 6,
        total: 8,
        updatedAt: later(6),
      }),
    });
    expect(await screen.findByText('Printing: 6 of 8')).toBeTruthy();

    sockets.push(channel, {
      report: reportView('inspection', key, {
        status: 'done',
        completed: 8,
        total: 8,
        updatedAt: later(9),
        url: '/api/download/rep-1.pdf?token=short-lived',
      }),
    });
    expect(await screen.findByText('Done: your report is ready.')).toBeTruthy();
    // Done: only Close remains.
    expect(buttons()).toEqual(['Close']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inspection/report/download'));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({
      reportId: 'rep-1',
      reportTitle: 'Inspection 8 - Riverside Lofts.pdf',
    });
    // The token stays out of the page's address.
    expect(router.state.location.search).not.toContain('token');
    // The division it was printed in goes along, out of the address too.
    expect(router.state.location.state).toEqual({ divisionId: 'north-region' });
  });

  it('reads the stored job when the channel is live again after a lost connection', async () => {
    sockets.on('begin:inspection', (message) => {
      stored = reportView('inspection', String(message.key), {
        reportId: 'rep-2',
        status: 'progress',
        completed: 1,
        total: 4,
      });
      return { result: stored };
    });
    await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('Printing: 1 of 4')).toBeTruthy();
    const key = String(begins()[0]!.key);
    const subscribes = () =>
      sockets.received.filter(
        (m) => m.action === 'subscribe' && m.channel === reportChannel('inspection', key),
      );
    await waitFor(() => expect(subscribes()).toHaveLength(1));

    // Pushed while the connection was down: only the stored job knows.
    stored = reportView('inspection', key, {
      reportId: 'rep-2',
      status: 'progress',
      completed: 3,
      total: 4,
      updatedAt: later(5),
    });
    sockets.dropConnections();
    expect(await screen.findByText(/Reconnecting to the server/)).toBeTruthy();
    await waitFor(() => expect(subscribes()).toHaveLength(2), { timeout: 5000 });
    expect(await screen.findByText('Printing: 3 of 4')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Reconnecting to the server/)).toBeNull());
  });

  it('shows the job’s reason on error, and Retry begins again with a new key', async () => {
    sockets.on('begin:inspection', (message) => ({
      result: reportView('inspection', String(message.key), {
        reportId: `rep-${String(message.key).slice(0, 6)}`,
      }),
    }));
    stored = null;
    await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('Requested: the report will start in a moment.')).toBeTruthy();
    const first = begins()[0]!;
    const key = String(first.key);
    await waitFor(() =>
      expect(sockets.received).toContainEqual(
        expect.objectContaining({ action: 'subscribe', channel: reportChannel('inspection', key) }),
      ),
    );
    sockets.push(reportChannel('inspection', key), {
      report: reportView('inspection', key, {
        reportId: `rep-${key.slice(0, 6)}`,
        status: 'error',
        message: 'A photo of finding CA #3 could not be read',
        updatedAt: later(4),
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A photo of finding CA #3 could not be read');
    expect(alert.textContent).toContain(REPORT_MESSAGES.failed);
    expect(buttons()).toEqual(['Close', 'Retry']);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(begins()).toHaveLength(2));
    expect(begins()[1]!.key).not.toBe(key);
    expect(begins()[1]).toMatchObject({ action: 'begin:inspection', inspectionId: 'insp-8' });
    expect(await screen.findByText('Requested: the report will start in a moment.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what the server refused, with Retry', async () => {
    sockets.on('begin:inspection', () => ({ status: 404, message: 'Inspection not found' }));
    await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Inspection not found');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('says “Unknown error establishing connection” when no socket can be opened', async () => {
    await openModal({ websocket: false });
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect((await screen.findByRole('alert')).textContent).toContain(REPORT_MESSAGES.connection);
    expect(buttons()).toEqual(['Close', 'Retry']);
    expect(begins()).toHaveLength(0);
  });
});

describe('closing the print modal (the result of a running job would be lost)', () => {
  const printDialog = () => screen.queryByRole('dialog', { name: 'Print Inspection' });
  const confirmDialog = () => screen.queryByRole('dialog', { name: 'Close while printing?' });
  // The panel's Close button, and the frame's × (its label is Close too).
  const closeButtons = () => within(printDialog()!).getAllByRole('button', { name: 'Close' });
  const closeButton = () => closeButtons().find((b) => b.textContent === 'Close')!;
  const crossButton = () => closeButtons().find((b) => b.textContent === '')!;

  async function startPrinting() {
    sockets.on('begin:inspection', (message) => {
      stored = reportView('inspection', String(message.key), { status: 'progress', completed: 1, total: 4 });
      return { result: stored };
    });
    await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('Printing: 1 of 4')).toBeTruthy();
  }

  it('asks first on Close while printing: Cancel keeps the modal, “Close anyway” closes it', async () => {
    await startPrinting();
    await userEvent.click(closeButton());
    const confirm = await screen.findByRole('dialog', { name: 'Close while printing?' });
    expect(within(confirm).getByText(CLOSE_WHILE_PRINTING)).toBeTruthy();
    // Cancel is focused first: Enter on it keeps the print.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirmDialog()).toBeNull());
    expect(printDialog()).toBeTruthy();
    expect(screen.getByText('Printing: 1 of 4')).toBeTruthy();

    // The frame's × asks the same.
    await userEvent.click(crossButton());
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Close while printing?' })).getByRole('button', {
        name: 'Close anyway',
      }),
    );
    await waitFor(() => expect(printDialog()).toBeNull());
    expect(confirmDialog()).toBeNull();
  });

  it('asks first on Escape while printing; Escape in the question closes only the question', async () => {
    await startPrinting();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Close while printing?' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(confirmDialog()).toBeNull());
    expect(printDialog()).toBeTruthy();
  });

  it('closes at once before printing and after a failure', async () => {
    await openModal({ websocket: false });
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect((await screen.findByRole('alert')).textContent).toContain(REPORT_MESSAGES.connection);
    await userEvent.click(closeButton());
    await waitFor(() => expect(printDialog()).toBeNull());
    expect(confirmDialog()).toBeNull();
  });

  it('Cancel before printing closes at once', async () => {
    await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(printDialog()).toBeNull());
    expect(confirmDialog()).toBeNull();
  });
});

describe('printing from a public page (the public inspection’s menu)', () => {
  it('prints as the public account over its own socket and opens the public download page', async () => {
    storage.setPublicToken('public-token');
    const address = '/public/inspection/insp-8?division=north-region';
    // The page's own address: api-client and the socket read it to choose the public account.
    window.history.replaceState(null, '', address);
    try {
      sockets.on('begin:inspection', (message) => {
        stored = reportView('inspection', String(message.key), { reportId: 'rep-public' });
        return { result: stored };
      });
      await serveApi(
        [[reportsRoutes.getReport, () => (stored ? ok(reportsRoutes.getReport, stored) : { status: 404 })]],
        { config: { websocketUrl: sockets.url } },
      );
      const { router } = renderScreen(
        <PrintInspectionModal
          opened
          onClose={() => {}}
          divisionId="north-region"
          inspectionId="insp-8"
          inspectionName="Routine Inspection #8"
        />,
        { url: address, profile: profileOf('Public') },
      );
      await userEvent.click(screen.getByRole('button', { name: 'Print' }));
      await waitFor(() => expect(begins()).toHaveLength(1));
      // The socket that carried the begin was opened with the public token, not a session's.
      expect(sockets.tokens.at(-1)).toBe('public-token');
      expect(sockets.tokens).not.toContain('session-token');
      const key = String(begins()[0]!.key);
      // As the server does: the job is stored done before its push, so a read after the push sees it.
      stored = reportView('inspection', key, {
        reportId: 'rep-public',
        status: 'done',
        completed: 4,
        total: 4,
        updatedAt: later(5),
        url: '/api/download/rep-public.pdf?token=short-lived',
      });
      sockets.push(reportChannel('inspection', key), { report: stored });
      await waitFor(() => expect(router.state.location.pathname).toBe('/public/report/download'));
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        reportId: 'rep-public',
        reportTitle: 'Inspection 8 - Riverside Lofts.pdf',
        division: 'north-region',
      });
    } finally {
      window.history.replaceState(null, '', '/');
      storage.clearPublicToken();
    }
  });
});
