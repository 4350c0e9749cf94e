import * as z from 'zod/mini';
import { CONVERSION_STATUSES } from '@stormline/domain/site-maps';
import { Count, Id, IsoDateTime } from './schemas';

/**
 * Site-map pages and their conversion as the uploads and projects areas answer them (spec 002
 * §3 Site map document, conversion job; §9 thumbnails), shared so neither area imports the other.
 */

/** Spec 002 §4: queued, converting (completed of total), done or error (with its message). */
export const ConversionView = z.strictObject({
  uploadId: Id,
  status: z.enum(CONVERSION_STATUSES),
  completed: Count,
  total: Count,
  message: z.nullable(z.string()),
  updatedAt: IsoDateTime,
});

/** One page image of a site map: /dl/{GUID} opens it, /dl/{thumbnail.GUID} its 450 px thumbnail. */
export const SiteMapPageView = z.strictObject({
  id: Id,
  GUID: Id,
  upload_id: Id,
  /** The document's name when its page was made (kept after a rename or removal). */
  name: z.string(),
  page: z.number().check(z.int(), z.positive()),
  width: Count,
  height: Count,
  thumbnail: z.strictObject({
    GUID: Id,
    width: Count,
    height: Count,
    /** A short-lived presigned URL (the list's answer is its only holder). */
    url: z.string(),
  }),
  createdAt: IsoDateTime,
  deletedAt: z.nullable(IsoDateTime),
});

/** An Active Site Map document with its conversion and current pages (the Active Site Map tab). */
export const SiteMapDocumentView = z.strictObject({
  id: Id,
  GUID: Id,
  name: z.string(),
  mime_type: z.string(),
  conversion: z.nullable(ConversionView),
  pages: z.array(SiteMapPageView),
  /**
   * Pages whose maps hold standing features but are not in the current file (it was replaced by
   * one with fewer pages): the features are kept and show again once a file has the page
   * (docs/decisions/0041). Empty until a conversion is done.
   */
  pagesNotInFile: z.array(z.strictObject({ page: Count, features: Count })),
});

const ModelName = z
  .string({ error: 'The model name is not valid' })
  .check(
    z.maxLength(64, 'The model name is not valid'),
    z.regex(/^[A-Za-z_]+$/, 'The model name is not valid'),
  );

/**
 * Spec 002 §7 convert:pdf:png (uploadId, model name, attributes): the model and attributes name
 * what the pages are for; the server converts the document's current file whatever they say.
 */
export const ConvertBody = z.strictObject({
  model: z.optional(ModelName),
  /**
   * What the spec's client sends of the project upload record (spec 002 §3: project_id,
   * project_doc_type_id); checked against the document, never trusted: strict, like every body.
   */
  attributes: z.optional(
    z.strictObject({
      project_id: z.optional(Id),
      project_doc_type_id: z.optional(z.string().check(z.maxLength(64), z.regex(/^[a-z-]+$/))),
    }),
  ),
});
