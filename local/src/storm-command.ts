/**
 * `npm run storm -- --project "<name>" [--inches 0.6] [--hours 6] [--ending now]`: plays a
 * scripted storm over a project in the running `npm start` (docs/decisions/0047). The runtime
 * records the rain in its recorded weather and runs the rainfall job once; this prints what it did.
 */
import { parseArgs } from 'node:util';
import { LOCAL_STORM_PATH } from './storm';

const USAGE =
  'Usage: npm run storm -- --project "<name>" [--inches 0.6] [--hours 6] [--ending now|<ISO time>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      project: { type: 'string' },
      inches: { type: 'string' },
      hours: { type: 'string' },
      ending: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.project) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const script = {
    project: values.project,
    ...(values.inches !== undefined ? { inches: Number(values.inches) } : {}),
    ...(values.hours !== undefined ? { hours: Number(values.hours) } : {}),
    ...(values.ending !== undefined ? { ending: values.ending } : {}),
  };
  const port = Number(process.env.PORT ?? 3000);
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}${LOCAL_STORM_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(script),
    });
  } catch {
    console.error(`Nothing answers on port ${port}: start the product first (npm start), or set PORT.`);
    return 1;
  }
  if (response.status === 404) {
    console.error('The running product does not serve recorded weather (started with WEATHER=open-meteo?).');
    return 1;
  }
  const body = (await response.json()) as { text?: string; message?: string };
  if (!response.ok) {
    console.error(body.message ?? `The storm was refused (${response.status})`);
    return 1;
  }
  console.log(body.text);
  return 0;
}

process.exitCode = await main();
