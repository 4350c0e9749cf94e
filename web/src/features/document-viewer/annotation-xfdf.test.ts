import { describe, expect, it } from 'vitest';
import { PdfAnnotationSubtype, type PdfAnnotationObject } from '@embedpdf/models';
import { fromXfdf, toXfdf } from './annotation-xfdf';

const page = { width: 612, height: 792 };
const modified = new Date('2026-02-03T04:05:06.000Z');

const square = {
  id: 'sq-1',
  type: PdfAnnotationSubtype.SQUARE,
  pageIndex: 0,
  rect: { origin: { x: 72, y: 100 }, size: { width: 200, height: 50 } },
  author: 'Avery Admin',
  modified,
  flags: ['print'],
  color: 'transparent',
  strokeColor: '#e44234',
  strokeWidth: 6,
  opacity: 1,
  strokeStyle: 1,
} as PdfAnnotationObject;

describe("the viewer's annotations as XFDF", () => {
  it('turns the top-left page space into PDF space (origin at the bottom left)', () => {
    const xfdf = toXfdf(square, page)!;
    expect(xfdf).toMatchObject({
      kind: 'square',
      name: 'sq-1',
      page: 0,
      rect: [72, 792 - 150, 272, 792 - 100],
      title: 'Avery Admin',
      date: '2026-02-03T04:05:06.000Z',
      color: '#E44234',
      interiorColor: null,
      width: 6,
    });
  });

  it('reads back every kind the toolbar draws where it was drawn', () => {
    const drawn = [
      square,
      { ...square, id: 'ci-1', type: PdfAnnotationSubtype.CIRCLE, color: '#00FF00' },
      {
        ...square,
        id: 'in-1',
        type: PdfAnnotationSubtype.INK,
        inkList: [
          {
            points: [
              { x: 80, y: 110 },
              { x: 90, y: 120 },
            ],
          },
        ],
      },
      {
        id: 'ft-1',
        type: PdfAnnotationSubtype.FREETEXT,
        pageIndex: 1,
        rect: { origin: { x: 100, y: 200 }, size: { width: 150, height: 30 } },
        author: 'Ines Carter',
        modified,
        contents: 'Silt fence missing here',
        fontSize: 14,
        fontColor: '#E44234',
        opacity: 1,
      },
      {
        id: 'hl-1',
        type: PdfAnnotationSubtype.HIGHLIGHT,
        pageIndex: 0,
        rect: { origin: { x: 72, y: 300 }, size: { width: 300, height: 12 } },
        author: 'Ines Carter',
        modified,
        color: '#FFCD45',
        opacity: 1,
        segmentRects: [{ origin: { x: 72, y: 300 }, size: { width: 300, height: 12 } }],
      },
    ] as PdfAnnotationObject[];
    for (const annotation of drawn) {
      const back = fromXfdf(toXfdf(annotation, page)!, page);
      expect(back.id).toBe(annotation.id);
      expect(back.type).toBe(annotation.type);
      expect(back.rect).toEqual(annotation.rect);
      expect(back.author).toBe(annotation.author);
      expect(toXfdf(back, page)).toEqual(toXfdf(annotation, page));
    }
  });

  it('leaves out what the viewer does not store (a link)', () => {
    expect(toXfdf({ ...square, type: PdfAnnotationSubtype.LINK } as PdfAnnotationObject, page)).toBeNull();
  });
});
