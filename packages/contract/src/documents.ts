import * as z from 'zod/mini';
import { Count, Id, IsoDateTime, Version } from './schemas';

/**
 * The documents of regulation groups and legend items as lists show them (spec 001 §3,
 * Document/upload): shared by the regulations, uploads and legend-items areas, so none of them
 * imports another (docs/decisions/0007).
 */
export const DocumentSummary = z.strictObject({
  id: Id,
  /** What downloads, renames and replaces name the document by (/dl/{GUID}). */
  GUID: Id,
  name: z.string(),
  mime_type: z.string(),
  size: Count,
  /** Images only: their pixel size, checked against the minimum on upload. */
  width: z.nullable(Count),
  height: z.nullable(Count),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  version: Version,
});
