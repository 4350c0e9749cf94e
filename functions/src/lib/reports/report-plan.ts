import type { XfdfAnnotation } from '@stormline/contract/xfdf';
import type { PaperName } from '@stormline/domain/report-rules';
import type { ReportJob } from '@stormline/domain/reports';

/**
 * What a report is made of, as the Plan step writes it (docs/decisions/0042): the parts in print
 * order. The Plan step builds every part from the records (escaped HTML, see html.ts) and stores
 * the plan in S3; each RenderParts task prints one HTML part with Chromium; Merge puts the printed
 * parts and the stored PDFs together in this order, then stamps the running header and page numbers.
 */
export interface ReportPlan {
  job: ReportJob;
  /** The file's title (ReportView.title) and the running header of every page. */
  title: string;
  /** The running header's second line, e.g. the project and permit number. */
  subtitle: string;
  parts: ReportPart[];
  /**
   * The paper every HTML part prints on: the deployment region's (report-rules.ts `paperOf`: US
   * Letter, UK A4), set by the Plan step; a plan stored without it prints on Letter.
   */
  paper?: PaperName;
}

export type ReportPart = HtmlPart | PdfPart;

/** A part Chromium prints: a whole HTML document (html.ts `reportDocument`). */
export interface HtmlPart {
  kind: 'html';
  /** What the part is, for logs and the progress count (e.g. 'Findings', 'Site map 2'). */
  label: string;
  html: string;
  /**
   * The S3 keys the part's images may load (asset URLs, html.ts `assetUrl`), all of the report's
   * own project: Chromium's request interception answers these and refuses everything else.
   */
  assets: string[];
  /** 'portrait' unless the part is a landscape page (a wide site map). */
  orientation?: 'portrait' | 'landscape';
}

/** A stored PDF merged as it is (an appendix, a permit), with its annotations flattened into its pages. */
export interface PdfPart {
  kind: 'pdf';
  label: string;
  /** The document's S3 key (a project document of this report's project). */
  key: string;
  /**
   * The document's saved annotations (what GET /api/xfdf serves, parsed: PDF user space, pages from
   * 0), drawn into the pages by Merge so the print shows them on any viewer.
   */
  annotations: XfdfAnnotation[];
}
