/**
 * Who may open a legend item's documents (a regulation group's BMP details): a reader of Legend Item
 * or of Regulations, never the read-only public account. One list for the document rule
 * (functions/src/lib/document-access.ts), Print SWMP's BMP details on the server and in its modal.
 * A file of its own: the upload routes import the document rule and stay within their bundle budget.
 */
export const LEGEND_DOCUMENT_READ_RESOURCES = ['Legend Item', 'Regulations'] as const;
