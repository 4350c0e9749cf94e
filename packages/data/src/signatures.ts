import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '@stormline/domain/errors';
import { CERTIFICATION_MESSAGES } from '@stormline/domain/certification-rules';
import type { SignatureGroup } from '@stormline/domain/template-model';
import type { Db } from './dynamo';
import { inspectionKeys } from './inspections';
import type { TransactionStep } from './transact';

/**
 * Signatures of an inspection (docs/decisions/0018): each an item written once, never updated;
 * reopening deletes some of them and the change log keeps them whole.
 */

export interface SignatureRecord {
  group: SignatureGroup;
  lineType: string;
  userId: string;
  userName: string;
  role: string;
  position: string | null;
  /** The certification date chosen, 'YYYY-MM-DD'. */
  date: string;
  signedAt: string;
  attestation: string | null;
  emailMessage: string | null;
  /** SHA-256 (hex) of the inspection's canonical content when signed. */
  contentDigest: string;
}

export const signatureKeys = {
  signature: (divisionId: string, inspectionId: string, group: SignatureGroup, lineType: string) => ({
    pk: inspectionKeys.inspection(divisionId, inspectionId).pk,
    sk: `SIGNATURE#${group}#${lineType}`,
  }),
};

/** Every signature of an inspection, by group and line (consistent: signing reads then writes). */
export async function listSignatures(
  db: Db,
  divisionId: string,
  inspectionId: string,
): Promise<SignatureRecord[]> {
  const result = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': inspectionKeys.inspection(divisionId, inspectionId).pk,
        ':prefix': 'SIGNATURE#',
      },
      ConsistentRead: true,
    }),
  );
  return (result.Items ?? []).map(
    ({ pk: _pk, sk: _sk, type: _type, divisionId: _d, inspectionId: _i, ...rest }) =>
      rest as unknown as SignatureRecord,
  );
}

/** A new signature: written once; a second signature of the same line is refused. */
export function putSignatureStep(
  db: Db,
  divisionId: string,
  inspectionId: string,
  signature: SignatureRecord,
): TransactionStep {
  return {
    write: {
      Put: {
        TableName: db.tableName,
        Item: {
          ...signatureKeys.signature(divisionId, inspectionId, signature.group, signature.lineType),
          type: 'Signature',
          divisionId,
          inspectionId,
          ...signature,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    onConditionFailed: () => new ConflictError(CERTIFICATION_MESSAGES.alreadySigned),
  };
}

export function deleteSignatureStep(
  db: Db,
  divisionId: string,
  inspectionId: string,
  signature: Pick<SignatureRecord, 'group' | 'lineType'>,
): TransactionStep {
  return {
    write: {
      Delete: {
        TableName: db.tableName,
        Key: signatureKeys.signature(divisionId, inspectionId, signature.group, signature.lineType),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    onConditionFailed: () =>
      new ConflictError('The signatures changed meanwhile. Reload the inspection and try again.'),
  };
}
