import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { ACTION_ERROR, actionError } from '../confirm-modal';
import type { UploadLimits } from '@stormline/domain/uploads';
import { isFileRefusal, refuseBeforeSending, sendFile } from './document-calls';

/** Spec 001 §2: an upload is waiting, success (cleared after 1.6 s), error, or none (not listed). */
export type UploadStatus = 'waiting' | 'success' | 'error' | 'none';
export const UPLOAD_SUCCESS_CLEAR_MS = 1600;

export interface UploadEntry {
  key: string;
  fileName: string;
  status: Exclude<UploadStatus, 'none'>;
  /** While waiting: the bytes going to storage, then the server checking what arrived. */
  phase: 'sending' | 'checking';
  fraction: number;
  /** A replace names the document whose file it replaces. */
  documentId: string | null;
}

/**
 * Spec 001 §8: a refused file in an 'Error' dialog, any other failure in 'Error Uploading
 * Document'; spec 002 §8: a failed replace in 'Error replacing document' with the server's message,
 * else 'An error has occurred'.
 */
export interface UploadFailure {
  title: 'Error' | 'Error Uploading Document' | 'Error replacing document';
  message: string;
  /** What the server said of a failure that is not the file's, for the curious. */
  detail: string | null;
}

export const UPLOAD_FAILED_MESSAGE = 'An error has occurred. The document failed to upload';

export function uploadFailureOf(error: unknown, replacing = false): UploadFailure {
  if (isFileRefusal(error)) return { title: 'Error', message: errorMessage(error), detail: null };
  if (replacing)
    return {
      title: 'Error replacing document',
      message: error instanceof ApiError ? actionError(error) : ACTION_ERROR,
      detail: null,
    };
  const detail = errorMessage(error, '');
  return { title: 'Error Uploading Document', message: UPLOAD_FAILED_MESSAGE, detail: detail || null };
}

let nextKey = 0;

/**
 * The uploads of one document list: each file goes to storage with its progress, is recorded by
 * `record` (the owner's route, or the replace route), and its status shows until it clears. A
 * failure waits in `failures` until the user closes its dialog.
 */
export function useDocumentUploads(divisionId: string, onRecorded: () => unknown) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [failures, setFailures] = useState<UploadFailure[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const controllers = useRef(new Set<AbortController>());
  const mounted = useRef(true);
  const failedKeys = useRef<string[]>([]);

  useEffect(() => {
    mounted.current = true;
    const pending = timers.current;
    const running = controllers.current;
    return () => {
      mounted.current = false;
      pending.forEach(clearTimeout);
      running.forEach((controller) => controller.abort());
    };
  }, []);

  const update = (key: string, change: Partial<UploadEntry>) =>
    mounted.current &&
    setEntries((all) => all.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  const remove = (key: string) => setEntries((all) => all.filter((entry) => entry.key !== key));

  async function run(
    file: File,
    documentId: string | null,
    record: (upload: string) => Promise<unknown>,
    limits: UploadLimits | undefined,
  ) {
    const key = `upload-${++nextKey}`;
    const controller = new AbortController();
    controllers.current.add(controller);
    setEntries((all) => [
      ...all,
      { key, fileName: file.name, status: 'waiting', phase: 'sending', fraction: 0, documentId },
    ]);
    try {
      if (limits) await refuseBeforeSending(file, limits);
      const upload = await sendFile(
        divisionId,
        file,
        (progress) => update(key, { fraction: progress.fraction }),
        controller.signal,
      );
      update(key, { phase: 'checking', fraction: 1 });
      await record(upload);
      if (!mounted.current) return;
      update(key, { status: 'success' });
      void onRecorded();
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        remove(key);
      }, UPLOAD_SUCCESS_CLEAR_MS);
      timers.current.add(timer);
    } catch (error) {
      if (!mounted.current || (error instanceof DOMException && error.name === 'AbortError')) return;
      update(key, { status: 'error' });
      setFailures((all) => [...all, uploadFailureOf(error, documentId !== null)]);
      // The failed entry stays until its dialog is closed, so the list says which file failed.
      failedKeys.current.push(key);
    } finally {
      controllers.current.delete(controller);
    }
  }
  return {
    entries,
    /** The first failure not yet acknowledged: its dialog is open. */
    failure: failures[0] ?? null,
    dismissFailure: () => {
      setFailures((all) => all.slice(1));
      const key = failedKeys.current.shift();
      if (key) remove(key);
    },
    /** Adds files to the owner: one upload each, side by side; with `limits`, checked here first. */
    upload: (
      files: File[],
      record: (upload: string, file: File) => Promise<unknown>,
      limits?: UploadLimits,
    ) => files.forEach((file) => void run(file, null, (upload) => record(upload, file), limits)),
    /** Replaces one document's file. */
    replace: (
      documentId: string,
      file: File,
      record: (upload: string) => Promise<unknown>,
      limits?: UploadLimits,
    ) => void run(file, documentId, record, limits),
  };
}
