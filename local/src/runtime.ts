import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { createDb } from '@stormline/data/dynamo';
import type { Db } from '@stormline/data/dynamo';
import { resetDeps } from '@stormline/functions/lib/deps';
import { startDynamoDbLocal, ensureTable } from './dynamodb-local';
import { REPO_ROOT } from './repo-root';
import { startS3Local } from './s3-local';
import { handleLocalCms, LOCAL_CMS_PATH } from './cms/wordpress-posts';
import { freePort } from './free-port';
import { createGateway } from './gateway';
import { attachWebSocketGateway } from './websocket';
import { startStreamReader } from './stream-reader';
import type { StreamReader } from './stream-reader';
import { startScheduledJobs } from './scheduled-jobs';
import { createRecordedWeather, RECORDED_FORECAST_PATH } from './recorded-weather';
import type { RecordedWeather } from './recorded-weather';
import { handleStormRequest } from './storm';
import {
  createLocalStepFunctions,
  LOCAL_CONVERSION_STATE_MACHINE_ARN,
  LOCAL_REPORT_STATE_MACHINE_ARN,
  LOCAL_STATES_PATH,
} from './step-functions';
import type { LocalStepFunctions } from './step-functions';
import { handler as notificationsHandler } from '@stormline/functions/streams/notifications';
import { handler as printCopiesHandler } from '@stormline/functions/streams/print-copies';
import { handler as statisticsHandler } from '@stormline/functions/streams/statistics';
import { isSeeded, seedDemoData } from './seed';
import { DEMO_ACCOUNTS, DEMO_DIVISIONS } from './seed';
import { convertDemoSiteMaps } from './seed/project-documents';
import { markStatisticsLayout, upgradeStatistics } from './statistics-upgrade';
import { backfillPrintCopiesOnce, markPrintCopiesBackfilled } from './print-copies-upgrade';

export const TABLE_NAME = 'stormline';
export const BUCKET_NAME = 'stormline-uploads';

export interface RuntimeOptions {
  /** Listening port of the gateway; 0 picks a free one. */
  port: number;
  /** Where data persists (.local/); absent means in memory, for tests. */
  dataDir?: string;
  fresh?: boolean;
  seed?: boolean;
  region?: 'US' | 'UK';
  webDist?: string;
  /**
   * Runs the scheduled jobs on timers (the missed-inspection job, hourly), as EventBridge
   * Scheduler does in the cloud. Off unless asked: tests call a job directly when they need it.
   */
  scheduledJobs?: boolean;
  /**
   * The forecast provider the weather route calls (WEATHER_API_URL); Open-Meteo itself when
   * absent. Tests name a local server that serves recorded answers.
   */
  weatherApiUrl?: string;
  /**
   * Serves recorded weather in Open-Meteo's shape on the gateway and points WEATHER_API_URL at it
   * (unless weatherApiUrl names another provider), with the storm command's endpoint: `npm start`
   * works without the network, and `npm run storm` plays a storm into it (docs/decisions/0047).
   * Kept in the data folder (recorded-weather.json) when there is one.
   */
  recordedWeather?: boolean;
  /** The data privacy policy registration links to (config.json's privacyPolicyUrl); none when absent. */
  privacyPolicyUrl?: string;
  /**
   * Reads the table's stream into the statistics, notifications and print copies handlers (the default). The
   * dashboard bench turns it off to write a division of 100,000 findings in bulk, builds the
   * statistics with the rebuild, and then reads the stream itself from LATEST (bench/dashboard.ts).
   * Off, `streams.drained()` resolves at once.
   */
  streamReaders?: boolean;
  /**
   * Converts the demo site maps once they are seeded (`npm start`), so a newcomer finds their page
   * images and thumbnails; tests convert the site maps they make themselves.
   */
  convertDemoSiteMaps?: boolean;
}

export interface Runtime {
  url: string;
  db: Db;
  seeded: boolean;
  env: Record<string, string>;
  /** The table's stream as the handlers read it: `drained()` waits for what was written so far. */
  streams: StreamReader;
  /** The state machines' executions (the site-map conversion): `drained()` waits for those started. */
  stepFunctions: Pick<LocalStepFunctions, 'drained'>;
  /** The recorded weather, when the runtime serves it (`recordedWeather`). */
  recordedWeather: RecordedWeather | null;
  stop(): Promise<void>;
}

async function jwtSecret(dataDir: string | undefined): Promise<string> {
  if (!dataDir) return randomBytes(48).toString('base64');
  const file = path.join(dataDir, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing) return existing.trim();
  const secret = randomBytes(48).toString('base64');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * The whole product on one machine: DynamoDB Local, s3rver, the HTTP and WebSocket gateways
 * calling the same handler modules as the Lambdas, the mail/SMS outbox and the built SPA.
 */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  // The handlers read their settings from the process environment: a second runtime in the same
  // process would silently point the first one's gateway at its own database.
  if (process.env.STORMLINE_RUNTIME_ACTIVE === '1') {
    throw new Error('A runtime is already running in this process; stop it before starting another.');
  }
  process.env.STORMLINE_RUNTIME_ACTIVE = '1';
  try {
    return await startServices(options);
  } catch (error) {
    delete process.env.STORMLINE_RUNTIME_ACTIVE;
    throw error;
  }
}

/**
 * `--fresh`: the kept data goes, but not test-runs/, where a test run going on at the same time
 * keeps its own table and files.
 */
async function wipeExceptTestRuns(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((entry) => entry !== 'test-runs')
      .map((entry) => rm(path.join(dataDir, entry), { recursive: true, force: true })),
  );
}

async function startServices(options: RuntimeOptions): Promise<Runtime> {
  const region = options.region ?? 'UK';
  const dataDir = options.dataDir;
  const scratch = dataDir ?? path.join(REPO_ROOT, '.local', 'test-runs', `${process.pid}-${Date.now()}`);
  if (dataDir && options.fresh) await wipeExceptTestRuns(dataDir);
  await mkdir(path.join(scratch, 'dynamodb'), { recursive: true });
  await mkdir(path.join(scratch, 's3'), { recursive: true });
  await mkdir(path.join(scratch, 'outbox'), { recursive: true });

  const [dynamoPort, s3Port] = await Promise.all([freePort(), freePort()]);
  const dynamo = await startDynamoDbLocal({
    port: dynamoPort,
    dataDir: dataDir ? path.join(dataDir, 'dynamodb') : undefined,
  });
  const stops: (() => Promise<void> | void)[] = [() => dynamo.stop()];
  try {
    const s3 = await startS3Local({ port: s3Port, directory: path.join(scratch, 's3'), bucket: BUCKET_NAME });
    stops.push(() => s3.stop());
    await ensureTable(dynamo.endpoint, TABLE_NAME);

    const env: Record<string, string> = {
      TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      AWS_REGION: 'us-east-1',
      BUCKET_NAME,
      S3_ENDPOINT: s3.endpoint,
      JWT_SECRET: await jwtSecret(dataDir),
      // What CloudFront adds as x-origin-verify: a request carrying it may name its viewer in
      // cloudfront-viewer-address (tests simulate distinct viewers so); browsers here never do.
      ORIGIN_VERIFY_SECRET: randomBytes(32).toString('base64url'),
      REGION_VARIANT: region,
      OUTBOX_DIR: path.join(scratch, 'outbox'),
      ...(options.weatherApiUrl ? { WEATHER_API_URL: options.weatherApiUrl } : {}),
    };
    Object.assign(process.env, env);
    resetDeps();

    const db = createDb({ tableName: TABLE_NAME, endpoint: dynamo.endpoint });
    const seeded = options.seed !== false && !(await isSeeded(db));
    if (seeded) await seedDemoData(db, region);
    if (seeded) await markStatisticsLayout(db);
    else if (options.dataDir) await upgradeStatistics(db);
    // A fresh seed's photos get their print copies from the stream reader below (0045).
    if (seeded) await markPrintCopiesBackfilled(db);
    // The stream handlers (docs/decisions/0019), as the Lambda event source calls them in the cloud.
    const readers =
      options.streamReaders === false
        ? []
        : await Promise.all([
            startStreamReader({
              endpoint: dynamo.endpoint,
              tableName: TABLE_NAME,
              handlers: [statisticsHandler],
            }),
            startStreamReader({
              endpoint: dynamo.endpoint,
              tableName: TABLE_NAME,
              handlers: [notificationsHandler],
              startingPosition: 'LATEST',
            }),
            // A reader of its own, as in the cloud (its own event source): decoding photos must not
            // hold up the counters and the bell. From the oldest record, so a fresh seed's photos
            // get their print copies; copies already recorded are not made again (0045).
            startStreamReader({
              endpoint: dynamo.endpoint,
              tableName: TABLE_NAME,
              handlers: [printCopiesHandler],
            }),
          ]);
    const streams: StreamReader = {
      drained: async () => void (await Promise.all(readers.map((r) => r.drained()))),
      stop: async () => void (await Promise.all(readers.map((r) => r.stop()))),
    };
    stops.push(() => streams.stop());

    const recordedWeather = options.recordedWeather
      ? createRecordedWeather({ file: dataDir ? path.join(dataDir, 'recorded-weather.json') : undefined })
      : null;

    // The conversion and report state machines' definitions, run in this process (0038, 0042).
    const stepFunctions = createLocalStepFunctions();
    stops.push(() => stepFunctions.stop());
    // The report tasks' Chromium (one per process, functions/src/lib/reports/chromium.ts).
    stops.push(() =>
      import('@stormline/functions/lib/reports/chromium').then(({ closeReportBrowser }) =>
        closeReportBrowser(),
      ),
    );

    const publicAccount = DEMO_ACCOUNTS.find((a) => a.role === 'Public')!;
    const server = createGateway({
      webDist: options.webDist ?? path.join(REPO_ROOT, 'web', 'dist'),
      webConfig: {
        apiBaseUrl: '/',
        websocketUrl: '/ws',
        documentTitle: 'Stormline Inspections',
        region,
        publicUser: { email: publicAccount.email, password: publicAccount.password },
        // The manuals come from this runtime's own WordPress-shaped CMS (cms/wordpress-posts.ts).
        userManualCmsUrl: LOCAL_CMS_PATH,
        ...(options.privacyPolicyUrl ? { privacyPolicyUrl: options.privacyPolicyUrl } : {}),
      },
      storageOrigin: new URL(s3.endpoint).origin,
      extra: async (req, res, url) =>
        handleLocalCms(req, res, url) ||
        (recordedWeather !== null &&
          (recordedWeather.handle(req, res, url) ||
            (await handleStormRequest(db, recordedWeather, req, res, url)))) ||
        (await realtime.handleConnections(req, res, url)) ||
        stepFunctions.handle(req, res, url),
    });
    const realtime = attachWebSocketGateway(server);
    const port = await listen(server, options.port);
    const url = `http://localhost:${port}`;
    env.WEBSOCKET_CALLBACK_URL = url;
    process.env.WEBSOCKET_CALLBACK_URL = url;
    // The site the links in e-mails open (invitations, password resets): never taken from a request.
    env.SITE_URL = url;
    process.env.SITE_URL = url;
    env.STEPFUNCTIONS_ENDPOINT = `${url}${LOCAL_STATES_PATH}`;
    env.CONVERSION_STATE_MACHINE_ARN = LOCAL_CONVERSION_STATE_MACHINE_ARN;
    env.REPORT_STATE_MACHINE_ARN = LOCAL_REPORT_STATE_MACHINE_ARN;
    Object.assign(process.env, {
      STEPFUNCTIONS_ENDPOINT: env.STEPFUNCTIONS_ENDPOINT,
      CONVERSION_STATE_MACHINE_ARN: env.CONVERSION_STATE_MACHINE_ARN,
      REPORT_STATE_MACHINE_ARN: env.REPORT_STATE_MACHINE_ARN,
    });
    if (recordedWeather && !options.weatherApiUrl) {
      env.WEATHER_API_URL = `${url}${RECORDED_FORECAST_PATH}`;
      process.env.WEATHER_API_URL = env.WEATHER_API_URL;
    }
    // After the gateway listens: the rainfall job's first run reads the recorded weather it serves.
    if (options.scheduledJobs) {
      const jobs = startScheduledJobs(db);
      stops.push(() => jobs.stop());
    }
    // Needs S3_ENDPOINT, set above. Tests start fresh stores: only a kept store can predate copies.
    if (!seeded && options.dataDir) {
      const backfill = backfillPrintCopiesOnce(db);
      stops.push(() => backfill);
    }
    if (seeded && options.convertDemoSiteMaps)
      void convertDemoSiteMaps(
        db,
        DEMO_DIVISIONS.map((d) => d.id),
      ).catch((error: unknown) => console.error('The demo site maps could not be converted', error));
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          realtime.close();
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    if (!dataDir) stops.push(() => rm(scratch, { recursive: true, force: true }));

    return {
      url,
      db,
      seeded,
      env,
      streams,
      stepFunctions,
      recordedWeather,
      stop: async () => {
        for (const stop of stops.reverse()) await stop();
        db.doc.destroy();
        delete process.env.STORMLINE_RUNTIME_ACTIVE;
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop();
    throw error;
  }
}
