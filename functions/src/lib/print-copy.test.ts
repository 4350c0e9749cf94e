import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PRINT_PHOTO_MAX_SIDE } from '@stormline/domain/print-photos';
import { makePrintCopy, UnprintablePhotoError } from './print-copy';

const seen = async (bytes: Uint8Array) => sharp(bytes).metadata();

/** Left half red, right half blue: which side ends where tells how the pixels were turned. */
async function halves(width: number, height: number, orientation?: number): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      pixels.set(x < width / 2 ? [220, 20, 20] : [20, 20, 220], (y * width + x) * 3);
  const jpeg = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 });
  return new Uint8Array(await (orientation ? jpeg.withMetadata({ orientation }) : jpeg).toBuffer());
}

describe('the print copy of a photo', () => {
  it('turns a photo stored sideways upright as its EXIF orientation says, and drops the tag', async () => {
    // Stored 300 wide by 400 high, red on the left; orientation 6 shows it turned a quarter
    // clockwise: 400 wide by 300 high with red on top.
    const copy = await makePrintCopy(await halves(300, 400, 6));
    const meta = await seen(copy);
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 400, height: 300 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    const { data } = await sharp(copy).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 400 + x) * 3, (y * 400 + x) * 3 + 3)];
    expect(pixel(200, 20)[0]).toBeGreaterThan(150); // red on top
    expect(pixel(200, 280)[2]).toBeGreaterThan(150); // blue below
  });

  it('fits a large photo in the print square and never enlarges a small one', async () => {
    const large = await seen(await makePrintCopy(await halves(3200, 2400)));
    expect({ width: large.width, height: large.height }).toEqual({
      width: PRINT_PHOTO_MAX_SIDE,
      height: 1050,
    });
    const small = await seen(await makePrintCopy(await halves(640, 480)));
    expect({ width: small.width, height: small.height, format: small.format }).toEqual({
      width: 640,
      height: 480,
      format: 'jpeg',
    });
  });

  it('prints a transparent PNG on white, as a JPEG', async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const copy = await makePrintCopy(new Uint8Array(png));
    const { data, info } = await sharp(copy).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect([...data.subarray(0, 3)].every((v) => v > 245)).toBe(true);
  });

  it('refuses bytes that do not decode, naming why', async () => {
    const header = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    await expect(
      makePrintCopy(new Uint8Array(Buffer.concat([header, Buffer.alloc(500, 7)]))),
    ).rejects.toThrow(UnprintablePhotoError);
  });
});
