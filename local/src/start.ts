/** `npm start`: builds the SPA when its sources changed, then runs the whole product on one port. */
import path from 'node:path';
import { JavaMissingError } from './dynamodb-local';
import { REPO_ROOT } from './repo-root';
import { startRuntime } from './runtime';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed';
import { EXTRA_DEMO_ACCOUNTS } from './seed/users';
import { buildWebIfStale } from './web-build';

async function main(): Promise<void> {
  const fresh = process.argv.includes('--fresh');
  const port = Number(process.env.PORT ?? 3000);
  const region = process.env.REGION === 'US' ? 'US' : 'UK';
  buildWebIfStale();
  const runtime = await startRuntime({
    port,
    dataDir: path.join(REPO_ROOT, '.local'),
    fresh,
    region,
    scheduledJobs: true,
    // Recorded weather unless WEATHER=open-meteo asks for the real provider (docs/decisions/0047).
    recordedWeather: process.env.WEATHER !== 'open-meteo',
    convertDemoSiteMaps: true,
    privacyPolicyUrl: process.env.PRIVACY_POLICY_URL || undefined,
  });

  console.log(`\nStormline is running at ${runtime.url}`);
  console.log(
    runtime.seeded ? 'Seeded demo accounts:' : 'Demo accounts (data kept in .local/; --fresh wipes it):',
  );
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role}: ${a.email} / ${a.password}`);
  for (const a of EXTRA_DEMO_ACCOUNTS) console.log(`  ${a.role}: ${a.email} / ${DEMO_PASSWORD}`);
  console.log(`Mail and SMS outbox: ${runtime.env.OUTBOX_DIR}`);
  console.log(
    `DynamoDB Local: ${runtime.env.DYNAMODB_ENDPOINT} (statistics rebuild: DYNAMODB_ENDPOINT=${runtime.env.DYNAMODB_ENDPOINT} npm run stats:rebuild)`,
  );
  if (runtime.recordedWeather) {
    console.log('Weather: recorded (no network needed); play a storm: npm run storm -- --project "<name>"');
  }
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  if (error instanceof JavaMissingError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
