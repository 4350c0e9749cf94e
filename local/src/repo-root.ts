import path from 'node:path';

/** The repository's root folder (web/dist, .local/ and the workspaces are found from it). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
