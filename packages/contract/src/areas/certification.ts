import { defineArea, permission, signedIn } from '../route';

/** Spec 000 §7 and spec 002 §7 "Certification and signatures": signing and certifying inspections. */
export const certificationRoutes = defineArea('certification', {
  getCertification: {
    method: 'GET',
    path: '/api/inspections/{id}/cert',
    summary:
      'Certification state: signatureGroups, userSignatures, groupOptions, attestations, minCertificationDate',
    access: permission('read', 'Certify'),
    division: 'required',
    publicRead: true,
    implemented: false,
  },
  signInspection: {
    method: 'POST',
    path: '/api/inspections/{id}/cert/{group}',
    summary:
      'Sign one signature group (lineType, date, emailMessage); the handler requires all on Certify, Acknowledgement or Sign Off by group',
    access: signedIn,
    division: 'required',
    implemented: false,
  },
  bulkCertifyCompliance: {
    method: 'POST',
    path: '/api/inspections/cert/compliance',
    summary: 'Bulk compliance certification: a list of entries, each id, date, lineType',
    access: permission('all', 'Certify'),
    division: 'required',
    implemented: false,
  },
});
