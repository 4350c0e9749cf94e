import { parseArgs } from 'node:util';
import { createDb } from '@stormline/data/dynamo';
import { backfillPrintCopies } from '@stormline/functions/lib/print-copies-backfill';

/**
 * Once, after the first deployment with print copies (docs/decisions/0045): makes the print copy
 * of every finding photo stored before, from the deployer's machine with their AWS credentials.
 * Photos stored since have theirs from the stream handler; a photo with a copy is skipped, so the
 * script can be stopped and run again. Until it has run, reports print those photos' originals.
 *
 *   AWS_REGION=eu-west-2 npm run photos:print-copies -- --table <TableName output> --bucket <UploadsBucket output>
 */
const { values } = parseArgs({
  options: {
    table: { type: 'string' },
    bucket: { type: 'string' },
    /** Only to try it against DynamoDB Local and s3rver. */
    endpoint: { type: 'string' },
    's3-endpoint': { type: 'string' },
  },
});
if (!values.table || !values.bucket) {
  console.error('--table and --bucket are required (see the header of scripts/backfill-print-copies.ts)');
  process.exit(2);
}
// The file store reads its bucket (and, on one machine, its endpoint) from the environment, as the Lambdas do.
process.env.BUCKET_NAME = values.bucket;
if (values['s3-endpoint']) process.env.S3_ENDPOINT = values['s3-endpoint'];
const db = createDb({ tableName: values.table, region: process.env.AWS_REGION, endpoint: values.endpoint });
const counts = await backfillPrintCopies({ db }, (line) => console.log(line));
console.log(
  `Looked at ${counts.photos} finding photos: made ${counts.made} print copies; ${counts.unprintable} could not be decoded (they print from their originals).`,
);
db.doc.destroy();
