import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createDb } from '@stormline/data/dynamo';
import { createDivision } from '@stormline/data/divisions';
import { findUserByEmail } from '@stormline/data/users';
import type { RoleName } from '@stormline/domain/roles';
import { createActiveAccount } from '@stormline/functions/lib/accounts';

/**
 * After the first `cdk deploy` the table is empty and nobody can sign in. This creates the first
 * division, its Admin and the read-only Public account the SPA's /public pages sign in with, using
 * the deployer's AWS credentials. It refuses to touch an email that already has an account.
 *
 *   AWS_REGION=eu-west-2 npm run cloud:first-admin -- --table <TableName output> \
 *     --email ops@company.com --first-name Ada --last-name Lovelace --division "Head Office" \
 *     --public-email public@company.com --public-password '<as in cdk.json>'
 */
const { values } = parseArgs({
  options: {
    table: { type: 'string' },
    /** Only to try it against DynamoDB Local (the tests do). */
    endpoint: { type: 'string' },
    email: { type: 'string' },
    'first-name': { type: 'string', default: 'First' },
    'last-name': { type: 'string', default: 'Admin' },
    division: { type: 'string', default: 'Main Division' },
    'public-email': { type: 'string' },
    'public-password': { type: 'string' },
  },
});

function required(name: string, value: string | undefined): string {
  if (!value) {
    console.error(`--${name} is required (see the header of scripts/create-first-admin.ts)`);
    process.exit(2);
  }
  return value;
}

const db = createDb({
  tableName: required('table', values.table),
  region: process.env.AWS_REGION,
  endpoint: values.endpoint,
});

async function account(
  role: RoleName,
  email: string,
  password: string,
  first: string,
  last: string,
  divisionId: string,
) {
  if (await findUserByEmail(db, email)) {
    console.log(`${email} already has an account; left as it is.`);
    return;
  }
  await createActiveAccount(db, {
    role,
    email,
    password,
    first_name: first,
    last_name: last,
    divisionIds: [divisionId],
  });
  console.log(`Created ${role}: ${email}`);
}

const email = required('email', values.email);
if (await findUserByEmail(db, email)) {
  console.log(`${email} already has an account; left as it is.`);
  process.exit(0);
}
const division = await createDivision(db, { name: values.division! });
console.log(`Created division ${division.name} (${division.id})`);
const password = `${randomBytes(12).toString('base64url')}-A1!`;
await account('Admin', email, password, values['first-name']!, values['last-name']!, division.id);
console.log(`  Admin password (shown once; change it after signing in): ${password}`);
if (values['public-email']) {
  await account(
    'Public',
    values['public-email'],
    required('public-password', values['public-password']),
    'Public',
    'Viewer',
    division.id,
  );
}
db.doc.destroy();
