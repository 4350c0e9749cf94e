import sharp from 'sharp';

/**
 * A photo as a phone camera stores it, for the print copy tests and the photo bench: a JPEG at
 * quality 92 whose pixels are a sky-to-ground gradient with fine grain (grain is what makes camera
 * JPEGs 3 to 5 MB at 12 megapixels; flat colour would compress to almost nothing and decode
 * faster than any real photo). `orientation` is the EXIF tag a phone held upright writes (6: the
 * stored pixels are turned a quarter to the left of what the viewer should see). `seed` makes each
 * photo's grain differ, so no two are the same bytes.
 */
export async function makeCameraJpeg(options: {
  width: number;
  height: number;
  orientation?: number;
  seed?: number;
}): Promise<Uint8Array> {
  const { width, height } = options;
  const pixels = Buffer.alloc(width * height * 3);
  let state = (options.seed ?? 1) * 2654435761;
  for (let y = 0; y < height; y++) {
    const sky = y < height * 0.45;
    for (let x = 0; x < width; x++) {
      // xorshift: cheap grain, the same for the same seed.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const grain = (state & 31) - 16;
      const i = (y * width + x) * 3;
      const along = x / width;
      const down = y / height;
      pixels[i] = clamp((sky ? 120 + 60 * down : 110 - 40 * down + 50 * along) + grain);
      pixels[i + 1] = clamp((sky ? 160 + 50 * down : 95 + 30 * along) + grain);
      pixels[i + 2] = clamp((sky ? 230 - 30 * down : 60 + 20 * down) + grain);
    }
  }
  const encoded = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 });
  const tagged = options.orientation ? encoded.withMetadata({ orientation: options.orientation }) : encoded;
  return new Uint8Array(await tagged.toBuffer());
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
