import { WebConfig } from '@stormline/contract/web-config';

/** Shown instead of the app when config.json is missing, unreadable or has no apiBaseUrl (spec 000 §5). */
export const CONFIG_ERROR_MESSAGE =
  'The API base URL setting (apiBaseUrl) is missing from config.json; the application cannot start.';

export class RuntimeConfigError extends Error {
  constructor(readonly detail: string) {
    super(CONFIG_ERROR_MESSAGE);
    this.name = 'RuntimeConfigError';
  }
}

let current: WebConfig | null = null;

/**
 * Fetches /config.json (served next to index.html, so one build runs in every environment) and
 * parses it with the contract's WebConfig schema. Called once before the app renders.
 */
export async function loadRuntimeConfig(): Promise<WebConfig> {
  let response: Response;
  try {
    response = await fetch('/config.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch {
    throw new RuntimeConfigError('config.json could not be requested: the server did not answer.');
  }
  if (!response.ok)
    throw new RuntimeConfigError(`config.json could not be loaded (HTTP ${response.status}).`);

  let raw: unknown;
  try {
    raw = await response.json();
  } catch {
    throw new RuntimeConfigError('config.json is not valid JSON.');
  }

  const parsed = WebConfig.safeParse(raw);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
      .join('; ');
    throw new RuntimeConfigError(`config.json is invalid: ${detail}.`);
  }
  current = parsed.data;
  return current;
}

export function getRuntimeConfig(): WebConfig {
  if (!current) throw new Error('The runtime configuration has not been loaded yet');
  return current;
}
