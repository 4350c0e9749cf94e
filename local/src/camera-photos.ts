import sharp from 'sharp';

/**
 * A photo as a phone camera stores it, for the print copy tests and the photo bench: a JPEG at
 * quality 92, sky over ground, with texture at several scales (about 4.3 MB at 12 megapixels, as a
 * camera's; flat colour would compress to almost nothing and decode faster than any real photo).
 * `orientation` is the EXIF tag a phone held upright writes (6: the viewer turns the stored pixels
 * a quarter clockwise). `seed` makes each photo's texture differ, so no two are the same bytes.
 */
export async function makeCameraJpeg(options: {
  width: number;
  height: number;
  orientation?: number;
  seed?: number;
}): Promise<Uint8Array> {
  const { width, height } = options;
  const seed = options.seed ?? 1;
  // Detail at three scales, as a site photo has it (gravel, grass, ruts): what is left of it once
  // the photo is scaled to print size decides the print copy's bytes, so sensor-fine grain alone
  // would make copies unrealistically small.
  const [fine, middle, coarse] = await Promise.all([
    noiseLayer(width, height, 2, seed * 3 + 1),
    noiseLayer(width, height, 8, seed * 3 + 2),
    noiseLayer(width, height, 32, seed * 3 + 3),
  ]);
  const pixels = Buffer.alloc(width * height * 3);
  const skyline = Math.round(height * 0.45) * width;
  for (let p = 0; p < width * height; p++) {
    const texture = (60 * (fine[p]! + middle[p]! + coarse[p]! - 384)) / 255;
    const sky = p < skyline;
    const i = p * 3;
    pixels[i] = clamp((sky ? 150 : 110) + texture);
    pixels[i + 1] = clamp((sky ? 180 : 100) + texture);
    pixels[i + 2] = clamp((sky ? 220 : 70) + texture * 0.8);
  }
  const encoded = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 });
  const tagged = options.orientation ? encoded.withMetadata({ orientation: options.orientation }) : encoded;
  return new Uint8Array(await tagged.toBuffer());
}

/** Random grey values on a lattice of `cell` pixels, scaled up smoothly to the photo's size. */
async function noiseLayer(width: number, height: number, cell: number, seed: number): Promise<Buffer> {
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const lattice = Buffer.alloc(columns * rows);
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < lattice.length; i++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    lattice[i] = state & 255;
  }
  return sharp(lattice, { raw: { width: columns, height: rows, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
