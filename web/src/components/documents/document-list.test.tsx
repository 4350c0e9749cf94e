import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { ok, refuse, serveApi } from '../../testing/api';
import { profileOf } from '../../testing/profiles';
import { renderScreen, type TestRouter } from '../../testing/render';
import type { DocumentRow } from './document-calls';
import { DocumentList, type DocumentPermissions } from './document-list';
import { documentPermissions } from './document-permissions';
import { UPLOAD_SUCCESS_CLEAR_MS } from './use-document-uploads';

/** The browser's XMLHttpRequest, driven step by step: happy-dom sends no upload progress. */
class SteppedRequest {
  static all: SteppedRequest[] = [];
  url = '';
  status = 0;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    SteppedRequest.all.push(this);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {}
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent));
  }
  answer(status: number) {
    this.status = status;
    act(() => this.onload?.());
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  SteppedRequest.all = [];
});

const doc = (n: number, overrides: Partial<DocumentRow> = {}): DocumentRow => ({
  id: `doc-${n}`,
  GUID: `guid-${n}`,
  name: `Document ${n}.pdf`,
  mime_type: 'application/pdf',
  size: 2048 * n,
  width: null,
  height: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  version: 0,
  ...overrides,
});

const everything: DocumentPermissions = {
  upload: true,
  sort: true,
  rename: true,
  replace: true,
  destroy: true,
  download: true,
  annotate: true,
};

function renderList(documents: DocumentRow[], overrides: Partial<Parameters<typeof DocumentList>[0]> = {}) {
  const props = {
    label: 'Regulation documents',
    divisionId: 'north-region',
    documents,
    status: 'ready' as const,
    initialRows: 3,
    can: everything,
    record: vi.fn(async () => doc(99)),
    move: vi.fn(async () => {}),
    destroy: vi.fn(async () => {}),
    refresh: vi.fn(),
    ...overrides,
  };
  // In a page of its own: View and Edit open the viewer, and the router says where.
  const { router } = renderScreen(<DocumentList {...props} />, {
    url: '/divisions/north-region/groups/g1',
    profile: profileOf('Admin'),
  });
  lastRouter = router;
  return props;
}

let lastRouter: TestRouter;

const begun = {
  upload: 'ticket.signature',
  url: 'http://storage.test/pending/north-region/abc?X-Amz-Signature=1',
  method: 'PUT' as const,
  expiresAt: '2026-03-02T10:15:00.000Z',
};

const pdf = (name = 'permit.pdf', size = 4000) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

async function chooseFile(file: File) {
  const input = screen
    .getByRole('button', { name: 'Upload Document' })
    .parentElement!.querySelector('input[type=file]')!;
  await userEvent.upload(input as HTMLInputElement, file);
}

// Whole screens with modals: slow on a busy machine, so more than the default 5 s.
describe('a document list', { timeout: 20_000 }, () => {
  it('shows 3 rows before Show More, then all of them (15 where a list asks for 15)', async () => {
    renderList([1, 2, 3, 4, 5].map((n) => doc(n)));
    const list = screen.getByRole('list', { name: 'Regulation documents' });
    expect(within(list).getAllByTestId('document-row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Show More (2)' }));
    expect(within(list).getAllByTestId('document-row')).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(within(list).getAllByTestId('document-row')).toHaveLength(3);
  });

  it('offers no Show More when every row fits', () => {
    renderList(
      Array.from({ length: 15 }, (_, i) => doc(i + 1)),
      { initialRows: 15 },
    );
    expect(screen.getAllByTestId('document-row')).toHaveLength(15);
    expect(screen.queryByRole('button', { name: /Show More/ })).toBeNull();
  });

  it("says 'No documents found', 'Resource listing is not permitted.' and a failed read with Reload", async () => {
    renderList([]);
    expect(screen.getByText('No documents found')).toBeTruthy();
    document.body.innerHTML = '';
    renderList([], { documents: undefined, status: 'forbidden' });
    expect(screen.getByText('Resource listing is not permitted.')).toBeTruthy();
    document.body.innerHTML = '';
    const onReload = vi.fn();
    renderList([], { documents: undefined, status: 'error', error: new Error('Storage is down'), onReload });
    expect(screen.getByText('Storage is down')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalled();
  });

  it('sends the file with a progress bar, records it, says Uploaded, then clears the status after 1.6 s', async () => {
    vi.stubGlobal('XMLHttpRequest', SteppedRequest);
    const { requests } = await serveApi([[uploadsRoutes.createUpload, () => ({ status: 201, body: begun })]]);
    let recorded: (value: DocumentRow) => void = () => {};
    const record = vi.fn(() => new Promise<DocumentRow>((resolve) => (recorded = resolve)));
    const props = renderList([doc(1)], { record });

    await chooseFile(pdf());
    await waitFor(() => expect(SteppedRequest.all).toHaveLength(1));
    expect(requests[0]!.body).toEqual({ name: 'permit.pdf', size: 4000, purpose: 'document' });
    expect(requests[0]!.headers.get('divisionId')).toBe('north-region');
    expect(SteppedRequest.all[0]!.url).toBe(begun.url);

    SteppedRequest.all[0]!.progress(1000, 4000);
    const bar = screen.getByRole('progressbar', { name: 'Uploading permit.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText('Uploading… 25%')).toBeTruthy();
    expect(screen.getByTestId('upload-status').dataset.status).toBe('waiting');

    SteppedRequest.all[0]!.answer(200);
    expect(await screen.findByText('Checking the file…')).toBeTruthy();
    expect(record).toHaveBeenCalledWith('ticket.signature', expect.any(File));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => recorded(doc(2)));
    expect(await screen.findByText('Uploaded')).toBeTruthy();
    expect(screen.getByTestId('upload-status').dataset.status).toBe('success');
    expect(props.refresh).toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(UPLOAD_SUCCESS_CLEAR_MS + 10));
    expect(screen.queryByTestId('upload-status')).toBeNull();
  });

  it("shows the server's refusal of the file in an 'Error' dialog", async () => {
    vi.stubGlobal('XMLHttpRequest', SteppedRequest);
    await serveApi([[uploadsRoutes.createUpload, () => ({ status: 201, body: begun })]]);
    const record = vi.fn(async () => {
      const { ApiError } = await import('../../lib/api-client');
      throw new ApiError(
        400,
        'notes.pdf is not an allowed file type. Please add a png, jpeg or pdf file',
        'POST /api/groups/{id}/uploads',
      );
    });
    renderList([doc(1)], { record });
    await chooseFile(pdf('notes.pdf'));
    await waitFor(() => expect(SteppedRequest.all).toHaveLength(1));
    SteppedRequest.all[0]!.answer(200);

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText('notes.pdf is not an allowed file type. Please add a png, jpeg or pdf file'),
    ).toBeTruthy();
    expect(screen.getByTestId('upload-status').dataset.status).toBe('error');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('upload-status')).toBeNull();
  });

  it("refuses a file too large before anything is sent, with the server's message", async () => {
    vi.stubGlobal('XMLHttpRequest', SteppedRequest);
    await serveApi([
      [uploadsRoutes.createUpload, () => refuse(400, 'huge.pdf is too large. Max file size is 75MB')],
    ]);
    renderList([doc(1)]);
    await chooseFile(pdf('huge.pdf'));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('huge.pdf is too large. Max file size is 75MB')).toBeTruthy();
    expect(SteppedRequest.all).toHaveLength(0);
  });

  it("says 'An error has occurred. The document failed to upload' when storage fails", async () => {
    vi.stubGlobal('XMLHttpRequest', SteppedRequest);
    await serveApi([[uploadsRoutes.createUpload, () => ({ status: 201, body: begun })]]);
    const props = renderList([doc(1)]);
    await chooseFile(pdf());
    await waitFor(() => expect(SteppedRequest.all).toHaveLength(1));
    SteppedRequest.all[0]!.answer(403);
    const dialog = await screen.findByRole('dialog', { name: 'Error Uploading Document' });
    expect(within(dialog).getByText('An error has occurred. The document failed to upload')).toBeTruthy();
    expect(props.record).not.toHaveBeenCalled();
  });

  it("shows a refused replace in 'Error replacing document' with the server's message (spec 002 §8)", async () => {
    vi.stubGlobal('XMLHttpRequest', SteppedRequest);
    const message = 'The document was changed by someone else meanwhile. Reload it to see their changes.';
    await serveApi([
      [uploadsRoutes.createUpload, () => ({ status: 201, body: begun })],
      [uploadsRoutes.replaceUpload, () => refuse(409, message)],
    ]);
    renderList([doc(1)]);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Document 1.pdf' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Replace' }));
    await userEvent.upload(screen.getByTestId('replace-input') as HTMLInputElement, pdf());
    await waitFor(() => expect(SteppedRequest.all).toHaveLength(1));
    SteppedRequest.all[0]!.answer(200);
    const dialog = await screen.findByRole('dialog', { name: 'Error replacing document' });
    expect(within(dialog).getByText(message)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('renames a document: the name is required, then saved with the version read', async () => {
    const { requests } = await serveApi([
      [
        uploadsRoutes.renameUpload,
        () => ok(uploadsRoutes.renameUpload, doc(2, { name: 'Permit', version: 1 })),
      ],
    ]);
    const props = renderList([doc(1), doc(2, { version: 4 })]);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Document 2.pdf' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename document' });
    const name = within(dialog).getByLabelText(/Document name/);
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Document name is required')).toBeTruthy();
    expect(requests).toHaveLength(0);

    await userEvent.type(name, 'Permit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests[0]!.params).toEqual({ id: 'guid-2' });
    expect(requests[0]!.body).toEqual({ name: 'Permit', version: 4 });
    expect(props.refresh).toHaveBeenCalled();
  });

  it("destroys a document only after its confirmation, and shows the server's refusal there", async () => {
    const destroy = vi
      .fn()
      .mockRejectedValueOnce(new Error('Your role does not allow delete on Documents'))
      .mockResolvedValueOnce(undefined);
    renderList([doc(1)], { destroy });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Document 1.pdf' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document' });
    expect(dialog.textContent).toContain('Are you sure you want to delete Document 1.pdf?');
    expect(destroy).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Your role does not allow delete on Documents')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(destroy).toHaveBeenCalledTimes(2);
  });

  it('offers print only for PDFs, and only what the permissions allow', async () => {
    renderList([doc(1), doc(2, { name: 'Plan.png', mime_type: 'image/png', width: 300, height: 200 })], {
      can: { ...everything, rename: false, destroy: false, sort: false, upload: false },
    });
    expect(screen.queryByRole('button', { name: 'Upload Document' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reorder/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Document 1.pdf' }));
    expect(screen.getByRole('menuitem', { name: 'Print' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Plan.png' }));
    expect(screen.queryByRole('menuitem', { name: 'Print' })).toBeNull();
    // Spec 001 §2: print and edit only for PDFs; an image is viewed.
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'View' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(screen.getByText(/Image 300×200/)).toBeTruthy();
  });

  it("hides Rename and Replace without update on the owner, as the server refuses them (an inspector's regulations)", async () => {
    const menuOf = async (can: DocumentPermissions) => {
      renderList([doc(1)], { can });
      await userEvent.click(screen.getByRole('button', { name: 'Actions for Document 1.pdf' }));
      const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
      cleanup();
      return items;
    };
    // An inspector may update Documents (field work) but neither Regulations nor Legend Item.
    const inspector = profileOf('Inspector');
    // An inspector annotates (all Annotations): Edit opens the viewer's tools.
    expect(await menuOf(documentPermissions(inspector, 'Regulations'))).toEqual([
      'View',
      'Download',
      'Print',
      'Edit',
    ]);
    expect(await menuOf(documentPermissions(inspector, 'Legend Item'))).toEqual([
      'View',
      'Download',
      'Print',
      'Edit',
    ]);
    // An external regional manager updates legend items but not regulations.
    const external = profileOf('Regional Manager (External)');
    expect(await menuOf(documentPermissions(external, 'Regulations'))).toEqual([
      'View',
      'Download',
      'Print',
      'Edit',
    ]);
    expect(await menuOf(documentPermissions(external, 'Legend Item'))).toEqual([
      'View',
      'Download',
      'Print',
      'Edit',
      'Rename',
      'Replace',
      'Delete',
    ]);
    expect(await menuOf(documentPermissions(profileOf('Admin'), 'Regulations'))).toEqual([
      'View',
      'Download',
      'Print',
      'Edit',
      'Rename',
      'Replace',
      'Delete',
    ]);
  });

  it('moves a document by the keyboard: Space picks it up, an arrow moves it, Space drops it', async () => {
    // happy-dom lays nothing out: give each row the place a browser would, 50 px apart.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const row = this.closest<HTMLElement>('[data-document-id]');
      const index = row ? Number(row.dataset.documentId!.replace('doc-', '')) - 1 : 0;
      const top = index * 50;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        right: 600,
        bottom: top + 44,
        width: 600,
        height: 44,
        toJSON: () => ({}),
      };
    });
    let saved!: () => void;
    const move = vi.fn(
      (_doc: DocumentRow, _order: number) => new Promise<void>((resolve) => (saved = resolve)),
    );
    renderList([doc(1), doc(2), doc(3)], { move });
    const list = screen.getByRole('list');
    expect(list.getAttribute('aria-busy')).toBe('false');
    const handle = screen.getByRole('button', { name: 'Reorder Document 1.pdf' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    handle.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(move).toHaveBeenCalled());
    expect(move.mock.calls[0]![0].id).toBe('doc-1');
    expect(move.mock.calls[0]![1]).toBe(1);
    // Busy while the new order saves, settled once the server answers.
    expect(list.getAttribute('aria-busy')).toBe('true');
    saved();
    await waitFor(() => expect(list.getAttribute('aria-busy')).toBe('false'));
    vi.restoreAllMocks();
  });
});

describe('opening a document in the viewer', () => {
  it("View opens the viewer and Edit opens it with the tools, a Client User's menu has no Edit", async () => {
    renderList([doc(1)]);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Document 1.pdf' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await waitFor(() =>
      expect(lastRouter.state.location.pathname).toBe('/divisions/north-region/documents/guid-1'),
    );
    expect(lastRouter.state.location.search).toBe('?mode=edit');
    // Close in the viewer comes back here.
    expect(lastRouter.state.location.state).toEqual({ from: '/divisions/north-region/groups/g1' });
    cleanup();
    renderList([doc(1)], { can: documentPermissions(profileOf('Client User'), 'Regulations') });
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Document 1.pdf' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'View',
      'Download',
      'Print',
    ]);
  });
});
