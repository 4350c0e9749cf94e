/** The appendix groups' document type ids alone: a route that only checks a type bundles these. */
export const APPENDIX_DOC_TYPE_IDS = [
  'appendix-construction-docs',
  'appendix-soil-reports',
  'appendix-delegation-letters',
  'appendix-endangered-species',
  'appendix-historical-properties',
  'appendix-qualifications',
  'appendix-local-regulations',
  'appendix-misc',
] as const;

/**
 * Spec 002 §2 appendix groups, in the order a SWMP prints them. Each is a project document type
 * (PROJECT_DOC_TYPES), so its documents are uploaded, sorted and annotated like any project
 * document, and merged in their order. Built in a pure call, so a bundle that reads only the ids
 * leaves the groups out (the document routes' bundle budget, docs/decisions/0043).
 */
export const APPENDIX_GROUPS = /* @__PURE__ */ (() =>
  [
    { id: 'constructionDocs', docTypeId: APPENDIX_DOC_TYPE_IDS[0], label: 'Construction documents' },
    { id: 'soilReports', docTypeId: APPENDIX_DOC_TYPE_IDS[1], label: 'Soil reports' },
    { id: 'delegationLetters', docTypeId: APPENDIX_DOC_TYPE_IDS[2], label: 'Delegation letters' },
    { id: 'endangeredSpecies', docTypeId: APPENDIX_DOC_TYPE_IDS[3], label: 'Endangered species' },
    { id: 'historicalProperties', docTypeId: APPENDIX_DOC_TYPE_IDS[4], label: 'Historical properties' },
    { id: 'qualifications', docTypeId: APPENDIX_DOC_TYPE_IDS[5], label: 'Qualifications' },
    { id: 'localRegulations', docTypeId: APPENDIX_DOC_TYPE_IDS[6], label: 'Local regulations' },
    { id: 'misc', docTypeId: APPENDIX_DOC_TYPE_IDS[7], label: 'Miscellaneous' },
  ] as const)();
export type AppendixGroup = (typeof APPENDIX_GROUPS)[number]['id'];
