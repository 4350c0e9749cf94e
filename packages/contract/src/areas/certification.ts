import * as z from 'zod/mini';
import { CertificationState, DateText, SignatureGroupName } from '../inspection-views';
import { BULK_CERTIFY_MAX, CERTIFICATION_MESSAGES } from '@stormline/domain/certification-rules';
import { defineArea, permission, signedIn } from '../route';
import { Id } from '../schemas';

const noQuery = z.strictObject({});
const EmailMessage = z.optional(
  z.nullable(z.string().check(z.maxLength(2000, 'Please keep the message under 2000 characters'))),
);
const LineType = z.string({ error: 'The signature line is required' }).check(z.minLength(1), z.maxLength(64));

/** Spec 000 §7 and spec 002 §7 "Certification and signatures": signing and certifying inspections. */
export const certificationRoutes = defineArea('certification', {
  getCertification: {
    method: 'GET',
    path: '/api/inspections/{id}/cert',
    summary:
      'Certification state: signatureGroups, userSignatures (each checked against the inspection as it now is), groupOptions, attestations, minCertificationDate',
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    params: z.strictObject({ id: Id }),
    query: noQuery,
    response: CertificationState,
    implemented: true,
  },
  signInspection: {
    method: 'POST',
    path: '/api/inspections/{id}/cert/{group}',
    summary:
      'Sign one line of a signature group (lineType, date, emailMessage); all on Certify, Acknowledgement or Sign Off by group, with e-signature consent',
    access: signedIn,
    division: 'required',
    params: z.strictObject({ id: Id, group: SignatureGroupName }),
    query: noQuery,
    body: z.strictObject({
      lineType: LineType,
      date: z.optional(z.nullable(DateText)),
      emailMessage: EmailMessage,
    }),
    response: CertificationState,
    implemented: true,
  },
  bulkCertifyCompliance: {
    method: 'POST',
    path: '/api/inspections/cert/compliance',
    summary:
      'Bulk compliance certification: a list of entries, each id, date, lineType; every entry is checked before any is signed',
    access: permission('all', 'Certify'),
    division: 'required',
    query: noQuery,
    body: z.strictObject({
      entries: z
        .array(z.strictObject({ id: Id, date: z.optional(z.nullable(DateText)), lineType: LineType }))
        .check(
          z.minLength(1, 'Please select inspections to certify'),
          z.maxLength(BULK_CERTIFY_MAX, CERTIFICATION_MESSAGES.bulkLimit),
        ),
      emailMessage: EmailMessage,
    }),
    response: z.strictObject({ certified: z.array(Id) }),
    implemented: true,
  },
});
