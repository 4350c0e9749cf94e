/**
 * Spec 002 §2 appendix groups, in the order a SWMP prints them. Each is a project document type
 * (PROJECT_DOC_TYPES), so its documents are uploaded, sorted and annotated like any project
 * document, and merged in their order.
 */
export const APPENDIX_GROUPS = [
  { id: 'constructionDocs', docTypeId: 'appendix-construction-docs', label: 'Construction documents' },
  { id: 'soilReports', docTypeId: 'appendix-soil-reports', label: 'Soil reports' },
  { id: 'delegationLetters', docTypeId: 'appendix-delegation-letters', label: 'Delegation letters' },
  { id: 'endangeredSpecies', docTypeId: 'appendix-endangered-species', label: 'Endangered species' },
  { id: 'historicalProperties', docTypeId: 'appendix-historical-properties', label: 'Historical properties' },
  { id: 'qualifications', docTypeId: 'appendix-qualifications', label: 'Qualifications' },
  { id: 'localRegulations', docTypeId: 'appendix-local-regulations', label: 'Local regulations' },
  { id: 'misc', docTypeId: 'appendix-misc', label: 'Miscellaneous' },
] as const;
export type AppendixGroup = (typeof APPENDIX_GROUPS)[number]['id'];
