import { describe, expect, it } from 'vitest';
import { PRINT_PHOTO_MAX_SIDE, printCopyWorkOf, printKeyOf, printSizeOf } from './print-photos';

describe('print copies of finding photos', () => {
  it('fits a 12-megapixel camera photo in the print square, keeping its shape', () => {
    expect(printSizeOf({ width: 4000, height: 3000 })).toEqual({ width: PRINT_PHOTO_MAX_SIDE, height: 1050 });
    expect(printSizeOf({ width: 3000, height: 4000 })).toEqual({ width: 1050, height: PRINT_PHOTO_MAX_SIDE });
  });

  it('never enlarges a photo already smaller than print size', () => {
    expect(printSizeOf({ width: 960, height: 720 })).toEqual({ width: 960, height: 720 });
  });

  it('keeps the copy beside its original under a name derived from it', () => {
    expect(printKeyOf('files/a/b')).toBe('files/a/b-print');
  });

  it('makes a copy for a finding photo newly stored without one', () => {
    expect(printCopyWorkOf(undefined, { type: 'FindingImage', objectKey: 'files/a/b' })).toEqual({
      make: 'files/a/b',
    });
  });

  it('makes nothing for a photo stored with its copy, another kind of item, or a photo changed in place', () => {
    expect(
      printCopyWorkOf(undefined, {
        type: 'FindingImage',
        objectKey: 'files/a/b',
        printKey: 'files/a/b-print',
      }),
    ).toBeNull();
    expect(printCopyWorkOf(undefined, { type: 'Finding', objectKey: 'files/a/b' })).toBeNull();
    const photo = { type: 'FindingImage', objectKey: 'files/a/b' };
    expect(printCopyWorkOf(photo, { ...photo, printKey: 'files/a/b-print' })).toBeNull();
  });

  it('removes the copy of a removed photo, even one whose record never learnt it', () => {
    expect(printCopyWorkOf({ type: 'FindingImage', objectKey: 'files/a/b' }, undefined)).toEqual({
      remove: 'files/a/b-print',
    });
    expect(printCopyWorkOf({ type: 'Document', objectKey: 'files/a/b' }, undefined)).toBeNull();
  });
});
