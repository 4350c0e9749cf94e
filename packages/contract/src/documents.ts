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

/**
 * One document as the viewer opens it (GET /api/uploads/{GUID}): the summary, who holds it, and
 * what the caller may do there. `annotate` is the server's answer to all Annotations, the public
 * view and an archived project together; `readOnlyReason` says why not, when the role has the
 * right but the document may not be changed.
 */
export const DocumentDetail = z.strictObject({
  ...DocumentSummary.shape,
  owner: z.strictObject({
    kind: z.enum(['group', 'legend', 'project']),
    /** The group's, legend item's or project's id. */
    id: Id,
  }),
  /** A project document's project (the annotation calls' projectId), else null. */
  projectId: z.nullable(Id),
  annotate: z.boolean(),
  readOnlyReason: z.nullable(z.string()),
});
export type DocumentDetail = z.infer<typeof DocumentDetail>;

/** GET /api/xfdf/{uploadId}: the document's stored annotations as one XFDF file. */
export const XfdfResponse = z.strictObject({
  uploadId: Id,
  xfdf: z.string(),
});
