import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_LIST_LIMITS,
  DEFAULT_UPLOAD_LIMITS,
  projectUploadLimits,
  REPLACE_LIMITS,
  SITE_MAP_LIMITS,
  TEMPLATE_LOGO_LIMITS,
  uploadLimitsText,
  uploadProblem,
} from './uploads';

const MB = 1024 * 1024;
const pdf = { name: 'permit.pdf', mimeType: 'application/pdf' };
const png = (width: number, height: number) => ({
  name: 'site.png',
  mimeType: 'image/png',
  size: 1000,
  width,
  height,
});

describe('upload rules (spec 001 §5, §9)', () => {
  it('allows 125 MB by default and 75 MB in document lists', () => {
    expect(uploadProblem({ ...pdf, size: 125 * MB }, DEFAULT_UPLOAD_LIMITS)).toBeNull();
    expect(uploadProblem({ ...pdf, size: 125 * MB + 1 }, DEFAULT_UPLOAD_LIMITS)).toBe(
      'permit.pdf is too large. Max file size is 125MB',
    );
    expect(uploadProblem({ ...pdf, size: 75 * MB }, DOCUMENT_LIST_LIMITS)).toBeNull();
    expect(uploadProblem({ ...pdf, size: 75 * MB + 1 }, DOCUMENT_LIST_LIMITS)).toBe(
      'permit.pdf is too large. Max file size is 75MB',
    );
  });

  it('allows png, jpeg and pdf only, named by what the content is', () => {
    expect(uploadProblem({ name: 'notes.pdf', mimeType: null, size: 10 }, DOCUMENT_LIST_LIMITS)).toBe(
      'notes.pdf is not an allowed file type. Please add a png, jpeg or pdf file',
    );
    expect(
      uploadProblem(
        { name: 'a.gif', mimeType: 'image/gif', size: 10, width: 90, height: 90 },
        DOCUMENT_LIST_LIMITS,
      ),
    ).toMatch(/not an allowed file type/);
  });

  it('wants images of 50x50 in lists and 20x20 on replace', () => {
    expect(uploadProblem(png(50, 50), DOCUMENT_LIST_LIMITS)).toBeNull();
    expect(uploadProblem(png(49, 400), DOCUMENT_LIST_LIMITS)).toBe(
      'site.png dimensions do not meet the minimum size of 50x50',
    );
    expect(uploadProblem(png(20, 20), REPLACE_LIMITS)).toBeNull();
    expect(uploadProblem(png(19, 20), REPLACE_LIMITS)).toBe(
      'site.png dimensions do not meet the minimum size of 20x20',
    );
    // An image whose size cannot be read is no image of ours.
    expect(uploadProblem({ ...png(0, 0), width: null }, DOCUMENT_LIST_LIMITS)).toMatch(
      /not an allowed file type/,
    );
  });

  it('takes a template logo as a png or jpeg of at most 2 MB, and says so', () => {
    expect(uploadProblem({ ...png(120, 40), size: 2 * MB }, TEMPLATE_LOGO_LIMITS)).toBeNull();
    expect(uploadProblem({ ...png(120, 40), size: 2 * MB + 1 }, TEMPLATE_LOGO_LIMITS)).toBe(
      'site.png is too large. Max file size is 2MB',
    );
    expect(uploadProblem({ ...pdf, name: 'logo.pdf', size: 10 }, TEMPLATE_LOGO_LIMITS)).toBe(
      'logo.pdf is not an allowed file type. Please add a png or jpeg file',
    );
    expect(uploadProblem({ name: 'logo.png', mimeType: null, size: 10 }, TEMPLATE_LOGO_LIMITS)).toBe(
      'logo.png is not an allowed file type. Please add a png or jpeg file',
    );
    expect(uploadProblem(png(19, 40), TEMPLATE_LOGO_LIMITS)).toBe(
      'site.png dimensions do not meet the minimum size of 20x20',
    );
    // A few hundred bytes may claim a huge image: a logo is drawn on every report of its template.
    expect(uploadProblem(png(4000, 4000), TEMPLATE_LOGO_LIMITS)).toBeNull();
    expect(uploadProblem(png(60000, 60000), TEMPLATE_LOGO_LIMITS)).toBe(
      'site.png is too large an image: at most 4000x4000 pixels',
    );
    expect(uploadProblem(png(60000, 60000), REPLACE_LIMITS)).toBeNull();
  });
});

describe('Active Site Map uploads (spec 002 §5)', () => {
  it('take png, jpeg or pdf only, images at least 1000x1000, on upload and on replace', () => {
    expect(uploadProblem(png(1000, 1000), SITE_MAP_LIMITS)).toBeNull();
    expect(uploadProblem({ ...pdf, size: 1000 }, SITE_MAP_LIMITS)).toBeNull();
    expect(uploadProblem(png(900, 900), SITE_MAP_LIMITS)).toBe(
      'site.png dimensions do not meet the minimum size of 1000x1000',
    );
    expect(uploadProblem(png(1400, 999), SITE_MAP_LIMITS)).toBe(
      'site.png dimensions do not meet the minimum size of 1000x1000',
    );
    expect(
      uploadProblem(
        { name: 'map.gif', mimeType: 'image/gif', size: 10, width: 2000, height: 2000 },
        SITE_MAP_LIMITS,
      ),
    ).toBe('map.gif is not an allowed file type. Please add a png, jpeg or pdf file');
    expect(projectUploadLimits(true, true)).toBe(SITE_MAP_LIMITS);
    expect(projectUploadLimits(false)).toBe(DOCUMENT_LIST_LIMITS);
    expect(projectUploadLimits(false, true)).toBe(REPLACE_LIMITS);
  });

  it('refuse a site-map image too large to convert: over 10000 px a side or 64 megapixels (review 20 #2)', () => {
    // 97 KB of PNG could claim 1000 x 100000 pixels, or 20000 x 20000, and pass.
    expect(uploadProblem(png(1000, 100000), SITE_MAP_LIMITS)).toBe(
      'site.png is too large an image: at most 10000x10000 pixels',
    );
    expect(uploadProblem(png(20000, 20000), SITE_MAP_LIMITS)).toBe(
      'site.png is too large an image: at most 10000x10000 pixels',
    );
    expect(uploadProblem(png(9000, 9000), SITE_MAP_LIMITS)).toBe(
      'site.png is too large an image: at most 64 megapixels',
    );
    expect(uploadProblem(png(10000, 6400), SITE_MAP_LIMITS)).toBeNull();
  });

  it('say their limits in words for the upload button', () => {
    expect(uploadLimitsText(SITE_MAP_LIMITS)).toBe(
      'PDF, PNG or JPEG, up to 75 MB; images at least 1000x1000 pixels',
    );
  });
});
