import { randomUUID } from 'node:crypto';
import type { Db } from '@stormline/data/dynamo';
import { addDocument, ownerStepOf } from '@stormline/data/documents';
import type { DocumentOwner } from '@stormline/data/documents';
import { createLegendItem } from '@stormline/data/legend-items';
import { createGroup } from '@stormline/data/regulations';
import { completeMapSymbol } from '@stormline/domain/map-symbol';
import type { LegendType, MapSymbolInput } from '@stormline/domain/map-symbol';
import { fileStoreOf } from '@stormline/functions/lib/file-store';
import { makeJpeg, makePdf, makePng } from './demo-files';

/**
 * Demo regulation groups holding real documents (PDFs and pictures made in code, stored in the
 * local bucket as an upload would be), and legend items of both types listing them, with
 * documents of their own: the Regulations and BMP tabs and the Map Legend are lived in at once.
 */

export type DemoFile =
  | { name: string; kind: 'pdf'; title: string; text: string[] }
  | { name: string; kind: 'png' | 'jpeg'; width: number; height: number };

interface DemoGroup {
  key: string;
  name: string;
  files: DemoFile[];
}

interface DemoLegendItem {
  name: string;
  type: LegendType;
  groups: string[];
  symbol?: MapSymbolInput;
  files: DemoFile[];
}

export const pdf = (name: string, title: string, ...text: string[]): DemoFile => ({
  name,
  kind: 'pdf',
  title,
  text,
});

function groupsFor(region: 'US' | 'UK'): DemoGroup[] {
  const permit =
    region === 'US'
      ? pdf(
          'Construction General Permit 2022 (excerpt).pdf',
          'Construction General Permit 2022',
          'Part 2.2: Erosion and sediment control requirements. Install perimeter controls before earth-disturbing activities begin, and maintain them until final stabilization.',
          'Part 4: Site inspections. Inspect at least once every 7 calendar days, and within 24 hours of a storm event of 0.25 inches or greater.',
          'Part 5: Corrective actions. Complete corrective actions by the close of the next business day, or within 7 calendar days when more work is needed.',
        )
      : pdf(
          'Construction Site Water Pollution Guidance (excerpt).pdf',
          'Control of Water Pollution from Construction Sites',
          'Section 3: Plan the site drainage before work starts. Keep clean water separate from dirty water and treat silty run-off before it leaves the site.',
          'Section 5: Inspect pollution control measures weekly and after heavy rain, and record what was found and what was done.',
          'Section 7: Keep spill kits at refuelling points and train the site team in their use.',
        );
  return [
    {
      key: 'permit',
      name: region === 'US' ? 'Construction General Permit 2022' : 'Water Pollution from Construction Sites',
      files: [permit, { name: 'Permit area site plan.png', kind: 'png', width: 640, height: 420 }],
    },
    {
      key: 'bmp',
      name: 'Erosion and Sediment Control BMP Manual',
      files: [
        pdf(
          'BMP Manual - Chapter 4 Sediment Controls.pdf',
          'Chapter 4: Sediment Controls',
          'Silt fence: trench the fabric 6 inches into the ground on the contour, posts at most 8 feet apart, and remove sediment when it reaches one third of the fence height.',
          'Inlet protection: keep the device clear of debris and replace filter fabric that is torn or clogged.',
          'Stabilized construction entrance: 50 feet of 2 to 3 inch aggregate at least 6 inches deep; top-dress when sediment fills the voids.',
        ),
        { name: 'Typical silt fence detail.jpg', kind: 'jpeg', width: 480, height: 320 },
      ],
    },
    {
      key: 'spill',
      name: 'Spill Prevention and Response Plan',
      files: [
        pdf(
          'Spill Response Procedure.pdf',
          'Spill Response Procedure',
          'Stop the source if it is safe to do so, contain the spill with the nearest spill kit, and protect drains and watercourses.',
          'Report every spill to the site manager at once; report spills that reach a drain or watercourse to the regulator.',
        ),
      ],
    },
  ];
}

const LEGEND_ITEMS: DemoLegendItem[] = [
  {
    name: 'Silt Fence',
    type: 'control_measure',
    groups: ['bmp', 'permit'],
    symbol: { line: { strokeStyle: 'tick', tickHeight: 4 } },
    files: [
      pdf(
        'Silt fence installation.pdf',
        'Silt Fence Installation',
        'Trench, backfill and compact on the upslope side. Overlap joints by at least 6 inches.',
      ),
      { name: 'Silt fence photo.jpg', kind: 'jpeg', width: 320, height: 240 },
    ],
  },
  {
    name: 'Inlet Protection',
    type: 'control_measure',
    groups: ['bmp'],
    symbol: { editor: 1, icon: 'inlet' },
    files: [{ name: 'Inlet protection detail.png', kind: 'png', width: 300, height: 300 }],
  },
  {
    name: 'Stabilized Construction Entrance',
    type: 'control_measure',
    groups: ['bmp'],
    symbol: { editor: 3, area: { fill: '#8B6F47', fillType: 'hatch' } },
    files: [],
  },
  {
    name: 'Concrete Washout',
    type: 'pollutant',
    groups: ['spill'],
    symbol: { area: { fill: '#B0B0B0', fillOpacity: 0.6 }, text: { label: 'CW' } },
    files: [
      pdf(
        'Concrete washout signage.pdf',
        'Concrete Washout',
        'Wash out concrete trucks here only. Keep the washout lined and at most three quarters full.',
      ),
    ],
  },
  {
    name: 'Fuel Storage Area',
    type: 'pollutant',
    groups: ['spill', 'permit'],
    symbol: { editor: 2, area: { fill: '#F44E3B', fillOpacity: 0.4 } },
    files: [],
  },
  { name: 'Soil Stockpile', type: 'pollutant', groups: [], files: [] },
];

async function bytesOf(
  file: DemoFile,
): Promise<{ bytes: Uint8Array; mimeType: string; width: number | null; height: number | null }> {
  if (file.kind === 'pdf')
    return {
      bytes: await makePdf(file.title, file.text),
      mimeType: 'application/pdf',
      width: null,
      height: null,
    };
  const bytes = file.kind === 'png' ? makePng(file.width, file.height) : makeJpeg(file.width, file.height);
  return {
    bytes,
    mimeType: file.kind === 'png' ? 'image/png' : 'image/jpeg',
    width: file.width,
    height: file.height,
  };
}

/** A demo file made in code, stored in the uploads bucket and recorded as its owner's document. */
export async function storeDemoDocument(
  db: Db,
  owner: DocumentOwner,
  file: DemoFile,
  createdBy: string,
  now: Date,
): Promise<void> {
  const id = randomUUID();
  const content = await bytesOf(file);
  const objectKey = `files/${id}/${randomUUID()}`;
  await fileStoreOf({ db }).put(objectKey, content.bytes, content.mimeType);
  await addDocument(
    db,
    {
      id,
      guid: randomUUID(),
      name: file.name,
      mimeType: content.mimeType,
      size: content.bytes.byteLength,
      width: content.width,
      height: content.height,
      objectKey,
      owner,
      createdAt: now.toISOString(),
      createdBy,
    },
    ownerStepOf(db, owner, now),
  );
}

export async function seedRegulations(
  db: Db,
  region: 'US' | 'UK',
  divisionIds: readonly string[],
  createdBy: string,
  now: Date,
): Promise<void> {
  const addFile = (owner: DocumentOwner, file: DemoFile) =>
    storeDemoDocument(db, owner, file, createdBy, now);
  for (const divisionId of divisionIds) {
    const groupIds = new Map<string, string>();
    for (const group of groupsFor(region)) {
      const created = await createGroup(
        db,
        divisionId,
        { id: `${group.key}-${divisionId}`, name: group.name },
        now,
      );
      groupIds.set(group.key, created.id);
      for (const file of group.files) await addFile({ kind: 'group', groupId: created.id }, file);
    }
    for (const entry of LEGEND_ITEMS) {
      const item = await createLegendItem(
        db,
        divisionId,
        {
          name: entry.name,
          type: entry.type,
          groupIds: entry.groups.map((key) => groupIds.get(key)!),
          mapSymbol: completeMapSymbol(entry.type, entry.symbol),
        },
        now,
      );
      for (const file of entry.files)
        await addFile({ kind: 'legend', divisionId, legendItemId: item.id }, file);
    }
  }
}
