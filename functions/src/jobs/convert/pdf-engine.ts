import * as mupdf from 'mupdf';
import { filetypeinfo } from 'magic-bytes.js';
import {
  CONVERSION_MESSAGES,
  MAX_SITE_MAP_PAGES,
  PAGE_LONG_SIDE,
  pageScale,
  pageSizeProblem,
  thumbnailScale,
} from '@stormline/domain/site-maps';
import { ConversionRefused } from './conversion-task';

/**
 * The rendering engine of the conversion job: mupdf's WebAssembly build (docs/decisions/0038), the
 * same in Lambda and on one machine. A PDF page is rendered at pageScale (long side near 4000 px,
 * at most 300 dpi); an image site map is one page, itself at its own pixel size (capped likewise).
 */

const RENDERABLE = ['application/pdf', 'image/png', 'image/jpeg'] as const;
type Renderable = (typeof RENDERABLE)[number];

/** The file's type by its bytes, never by its name; null when it is none the job renders. */
export function sniffRenderable(bytes: Uint8Array): Renderable | null {
  const types = filetypeinfo(bytes.subarray(0, 4096)).map((t) => t.mime);
  return RENDERABLE.find((mime) => types.includes(mime)) ?? null;
}

export interface OpenedSource {
  document: mupdf.Document;
  mimeType: Renderable;
  pageCount: number;
}

/**
 * Opens the file with mupdf: a file that is not a PDF or image, cannot be parsed, is encrypted or
 * has no (or too many) pages is refused with the reason the user reads.
 */
export function openSource(bytes: Uint8Array): OpenedSource {
  const mimeType = sniffRenderable(bytes);
  if (!mimeType) throw new ConversionRefused(CONVERSION_MESSAGES.corrupt);
  let document: mupdf.Document;
  let pageCount: number;
  try {
    document = mupdf.Document.openDocument(bytes, mimeType);
    if (document.needsPassword()) throw new ConversionRefused(CONVERSION_MESSAGES.encrypted);
    pageCount = document.countPages();
  } catch (error) {
    if (error instanceof ConversionRefused) throw error;
    throw new ConversionRefused(CONVERSION_MESSAGES.corrupt);
  }
  // mupdf repairs what it can: a damaged file may open with no pages left in it.
  if (pageCount < 1) throw new ConversionRefused(CONVERSION_MESSAGES.corrupt);
  if (pageCount > MAX_SITE_MAP_PAGES) throw new ConversionRefused(CONVERSION_MESSAGES.tooManyPages);
  return { document, mimeType, pageCount };
}

/** mupdf's words when WebAssembly memory runs out: the file asks for more than a render may use. */
const OUT_OF_MEMORY = /malloc|out of memory|memory allocation|Cannot enlarge memory/i;

/** The refusal for an error of mupdf: "too large" when it ran out of memory, else "damaged". */
function refusalOf(error: unknown): ConversionRefused {
  if (error instanceof ConversionRefused) return error;
  const text = error instanceof Error ? error.message : String(error);
  return new ConversionRefused(
    OUT_OF_MEMORY.test(text) ? CONVERSION_MESSAGES.tooLarge : CONVERSION_MESSAGES.corrupt,
  );
}

/** An image's width and height in pixels, read from its header (not decoded). */
function imageSize(bytes: Uint8Array): { width: number; height: number } {
  const image = new mupdf.Image(bytes);
  try {
    return { width: image.getWidth(), height: image.getHeight() };
  } finally {
    image.destroy();
  }
}

/**
 * The Validate state's look at every page before any is rendered: a strip of a page (long side
 * over MAX_PAGE_ASPECT_RATIO times the short) or an image over the site-map pixel limits is
 * refused with its reason, never handed to a render that would decode gigabytes.
 */
export function checkPageSizes(source: OpenedSource, bytes: Uint8Array): void {
  try {
    if (source.mimeType !== 'application/pdf') {
      const { width, height } = imageSize(bytes);
      const problem = pageSizeProblem(width, height, 'image');
      if (problem) throw new ConversionRefused(problem);
      return;
    }
    for (let n = 0; n < source.pageCount; n++) {
      const page = source.document.loadPage(n);
      try {
        const [x0, y0, x1, y1] = page.getBounds();
        const problem = pageSizeProblem(x1 - x0, y1 - y0, 'pdf');
        if (problem) throw new ConversionRefused(problem);
      } finally {
        page.destroy();
      }
    }
  } catch (error) {
    throw refusalOf(error);
  }
}

export interface RenderedImage {
  png: Uint8Array;
  width: number;
  height: number;
}

function render(page: mupdf.Page, scale: number): RenderedImage {
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
  try {
    return { png: pixmap.asPNG(), width: pixmap.getWidth(), height: pixmap.getHeight() };
  } finally {
    pixmap.destroy();
  }
}

/** The image's own pixel size, for an image site map (mupdf lays it out in points at its dpi). */
function imagePixelScale(bytes: Uint8Array, boundsWidth: number, boundsHeight: number): number {
  const image = new mupdf.Image(bytes);
  try {
    const native = image.getWidth() / Math.max(boundsWidth, 1);
    const longest = Math.max(image.getWidth(), image.getHeight());
    return longest > PAGE_LONG_SIDE
      ? (native * PAGE_LONG_SIDE) / longest
      : Math.max(native, 1 / Math.max(boundsWidth, boundsHeight));
  } finally {
    image.destroy();
  }
}

/**
 * One page (1 first) as a PNG and its thumbnail (SITE_MAP_THUMBNAIL_WIDTH wide at most, fitted in
 * the thumbnail box). The page's shape is checked again here, as a task may run on its own.
 */
export function renderPage(
  source: OpenedSource,
  bytes: Uint8Array,
  pageNumber: number,
): { image: RenderedImage; thumbnail: RenderedImage } {
  try {
    const page = source.document.loadPage(pageNumber - 1);
    try {
      const [x0, y0, x1, y1] = page.getBounds();
      const width = x1 - x0;
      const height = y1 - y0;
      const problem = pageSizeProblem(width, height, 'pdf');
      if (problem) throw new ConversionRefused(problem);
      const scale =
        source.mimeType === 'application/pdf'
          ? pageScale(width, height)
          : imagePixelScale(bytes, width, height);
      return { image: render(page, scale), thumbnail: render(page, thumbnailScale(width, height)) };
    } finally {
      page.destroy();
    }
  } catch (error) {
    if (!(error instanceof ConversionRefused))
      console.warn('A page could not be rendered', { pageNumber, error });
    throw refusalOf(error);
  }
}
