/**
 * Spec 001 §5 and §9, file uploads: what a file may be, how large, and the messages the SPA's
 * 'Error' dialog and the server's 400 both show. The server checks the file that arrived in the
 * bucket (its bytes, not its name); the SPA checks the same rules before sending, to spare the wait.
 */

import { SITE_MAP_MAX_IMAGE_PIXELS, SITE_MAP_MAX_IMAGE_SIDE } from './site-maps';

const MB = 1024 * 1024;

/** The types allowed by default: png, jpeg, pdf (by content). */
export const ALLOWED_FILE_TYPES = [
  { mimeType: 'image/png', label: 'png' },
  { mimeType: 'image/jpeg', label: 'jpeg' },
  { mimeType: 'application/pdf', label: 'pdf' },
] as const;

export type AllowedMimeType = (typeof ALLOWED_FILE_TYPES)[number]['mimeType'];

export interface UploadLimits {
  maxMegabytes: number;
  /** The smallest width and height an image may have, in pixels. */
  minImageSide: number;
  /** The types this upload may be (by content); all of ALLOWED_FILE_TYPES when absent. */
  mimeTypes?: readonly AllowedMimeType[];
  /**
   * The largest width and height an image may have: a logo is drawn on every screen and report
   * of its template, and a few hundred bytes can claim 60000 x 60000 pixels.
   */
  maxImageSide?: number;
  /** The largest width x height an image may have, in pixels (what decoding it costs). */
  maxImagePixels?: number;
}

/** Uploads in general: 125 MB (spec 001 §9). */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxMegabytes: 125, minImageSide: 50 };
/** Documents added to a list (a regulation group, a legend item): 75 MB, images 50x50 at least. */
export const DOCUMENT_LIST_LIMITS: UploadLimits = { maxMegabytes: 75, minImageSide: 50 };
/** Replacing a document's file: images need only 20x20. */
export const REPLACE_LIMITS: UploadLimits = { maxMegabytes: 75, minImageSide: 20 };
/**
 * Spec 002 §5: an Active Site Map is only image/jpg, image/jpeg (one type by content), image/png or
 * application/pdf, and an image of at least 1000x1000 pixels; on upload and on replace alike (a
 * replaced site map is still the map the editor draws on). 75 MB, as any document list.
 */
export const SITE_MAP_LIMITS: UploadLimits = {
  maxMegabytes: 75,
  minImageSide: 1000,
  // The conversion decodes the whole image (docs/decisions/0038): a bound on what it costs.
  maxImageSide: SITE_MAP_MAX_IMAGE_SIDE,
  maxImagePixels: SITE_MAP_MAX_IMAGE_PIXELS,
  mimeTypes: ['image/png', 'image/jpeg', 'application/pdf'],
};

/** What a project document type's uploads must meet: the site maps theirs, the other types a list's. */
export function projectUploadLimits(siteMap: boolean, replacing = false): UploadLimits {
  if (siteMap) return SITE_MAP_LIMITS;
  return replacing ? REPLACE_LIMITS : DOCUMENT_LIST_LIMITS;
}

/** The limits in words, under an upload button: 'PDF, PNG or JPEG, up to 75 MB; images at least 1000x1000 pixels'. */
export function uploadLimitsText(limits: UploadLimits): string {
  const labels = ALLOWED_FILE_TYPES.filter((t) => allows(limits, t.mimeType)).map((t) =>
    t.label === 'jpeg' ? 'JPEG' : t.label.toUpperCase(),
  );
  const ordered = [...labels.filter((l) => l === 'PDF'), ...labels.filter((l) => l !== 'PDF')];
  const types = `${ordered.slice(0, -1).join(', ')} or ${ordered.at(-1)}`;
  const side = limits.minImageSide;
  return `${types}, up to ${limits.maxMegabytes} MB; images at least ${side}x${side} pixels`;
}

export const maxBytes = (limits: UploadLimits) => limits.maxMegabytes * MB;

export function fileTooLargeMessage(fileName: string, limits: UploadLimits): string {
  return `${fileName} is too large. Max file size is ${limits.maxMegabytes}MB`;
}

/** '{file} is not an allowed file type. Please add a png, jpeg or pdf file' (the limits' types). */
export function fileTypeNotAllowedMessage(fileName: string, limits?: UploadLimits): string {
  const labels = ALLOWED_FILE_TYPES.filter((t) => allows(limits, t.mimeType)).map((t) => t.label);
  return `${fileName} is not an allowed file type. Please add a ${labels.slice(0, -1).join(', ')} or ${labels.at(-1)} file`;
}

const allows = (limits: UploadLimits | undefined, mimeType: AllowedMimeType) =>
  !limits?.mimeTypes || limits.mimeTypes.includes(mimeType);

export function imageTooSmallMessage(fileName: string, limits: UploadLimits): string {
  const side = limits.minImageSide;
  return `${fileName} dimensions do not meet the minimum size of ${side}x${side}`;
}

export function imageTooLargeMessage(fileName: string, side: number): string {
  return `${fileName} is too large an image: at most ${side}x${side} pixels`;
}

export function imageTooManyPixelsMessage(fileName: string, pixels: number): string {
  return `${fileName} is too large an image: at most ${pixels / 1_000_000} megapixels`;
}

export function isAllowedMimeType(mimeType: string | null | undefined): mimeType is AllowedMimeType {
  return ALLOWED_FILE_TYPES.some((t) => t.mimeType === mimeType);
}

export const isImageType = (mimeType: string) => mimeType.startsWith('image/');

/**
 * What is wrong with a file, or null when it may be added. `mimeType` is what its content is
 * (null when it is none of the allowed types); width and height only for images.
 */
export function uploadProblem(
  file: {
    name: string;
    size: number;
    mimeType: string | null;
    width?: number | null;
    height?: number | null;
  },
  limits: UploadLimits,
): string | null {
  if (file.size > maxBytes(limits)) return fileTooLargeMessage(file.name, limits);
  if (!isAllowedMimeType(file.mimeType) || !allows(limits, file.mimeType))
    return fileTypeNotAllowedMessage(file.name, limits);
  if (isImageType(file.mimeType)) {
    if (file.width == null || file.height == null) return fileTypeNotAllowedMessage(file.name, limits);
    if (file.width < limits.minImageSide || file.height < limits.minImageSide)
      return imageTooSmallMessage(file.name, limits);
    if (limits.maxImageSide && (file.width > limits.maxImageSide || file.height > limits.maxImageSide))
      return imageTooLargeMessage(file.name, limits.maxImageSide);
    if (limits.maxImagePixels && file.width * file.height > limits.maxImagePixels)
      return imageTooManyPixelsMessage(file.name, limits.maxImagePixels);
  }
  return null;
}

/** Finding photos (spec 002 §5: uploads other than site maps need 20x20), 25 MB a photo. */
export const FINDING_IMAGE_LIMITS: UploadLimits = { maxMegabytes: 25, minImageSide: 20 };
/** Spec 002 §9: finding thumbnails are 220 px; the browser makes one per photo, once. */
export const FINDING_THUMBNAIL_SIDE = 220;
export const FINDING_THUMBNAIL_LIMITS: UploadLimits = { maxMegabytes: 1, minImageSide: 1 };
/** The marks one photo holds: enough for any site photo, a bound on what one item stores. */
export const MAX_PHOTO_ANNOTATIONS = 50;

export const FINDING_IMAGE_MESSAGES = {
  notAPhoto: (fileName: string) => `${fileName} is not a photo. Please add a png or jpeg file`,
  thumbnail: 'The thumbnail is not valid. Upload the photo again.',
} as const;

/**
 * A template's logo (spec 002 §2): a png or jpeg image (by content) of at most 2 MB, at least
 * 20x20 (spec 002 §5: uploads other than site maps) and at most 4000x4000. It is printed on the
 * template's reports.
 */
export const TEMPLATE_LOGO_LIMITS: UploadLimits = {
  maxMegabytes: 2,
  minImageSide: 20,
  maxImageSide: 4000,
  mimeTypes: ['image/png', 'image/jpeg'],
};
