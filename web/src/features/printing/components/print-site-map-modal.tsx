import { useState } from 'react';
import { Select, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/errors';
import { useProjectSiteMaps } from '../api/print-options';
import { PrintJobPanel, PrintModalFrame } from './print-job-modal';

interface SiteMapProps {
  opened: boolean;
  onClose: () => void;
  divisionId: string;
  projectId: string;
  /** From an inspection: the maps as they stood for it (its features and legend). */
  inspectionId?: string | null;
}

/** A map page to choose: 'uploadId:page', or 'uploadId:' for a document without converted pages (an image). */
const choiceOf = (uploadId: string, page: number | null) => `${uploadId}:${page ?? ''}`;

function SiteMapOptions({ divisionId, projectId, inspectionId, onClose }: Omit<SiteMapProps, 'opened'>) {
  const { data: maps, error } = useProjectSiteMaps(divisionId, projectId);
  const [choice, setChoice] = useState<string | null>(null);
  const options = (maps ?? []).flatMap((map) =>
    map.pages.length === 0
      ? [{ value: choiceOf(map.id, null), label: map.name }]
      : map.pages.map((p) => ({
          value: choiceOf(map.id, p.page),
          label: map.pages.length > 1 ? `${map.name}: page ${p.page}` : map.name,
        })),
  );
  const picked = choice ?? options[0]?.value ?? null;
  return (
    <PrintJobPanel
      job="siteMap"
      divisionId={divisionId}
      onClose={onClose}
      nothingToPrint={Boolean(maps) && options.length === 0}
      prepare={() => {
        if (!picked) return null;
        const [uploadId, page] = picked.split(':') as [string, string];
        return {
          projectId,
          uploadId,
          ...(page ? { page: Number(page) } : {}),
          ...(inspectionId ? { inspectionId } : {}),
        };
      }}
    >
      {error ? (
        <Text c="red" fz="sm" role="alert">
          {errorMessage(error, 'Cannot get project site maps')}
        </Text>
      ) : maps && options.length === 0 ? (
        <Text fz="sm" c="dimmed">
          This project has no active site maps to print.
        </Text>
      ) : (
        <Select
          label="Site map"
          placeholder={maps ? undefined : 'Loading the site maps…'}
          data={options}
          value={picked}
          onChange={setChoice}
          allowDeselect={false}
          disabled={!maps}
        />
      )}
    </PrintJobPanel>
  );
}

/** Print Site Map (spec 002 §2): one page of an Active Site Map, as it stood for the inspection when opened from one. */
export function PrintSiteMapModal({ opened, onClose, ...rest }: SiteMapProps) {
  return (
    <PrintModalFrame opened={opened} title="Print Site Map" onClose={onClose}>
      <SiteMapOptions {...rest} onClose={onClose} />
    </PrintModalFrame>
  );
}

/** Print Site Maps (spec 002 §2): every active site map of the project, no options. */
export function PrintSiteMapsModal({ opened, onClose, divisionId, projectId, inspectionId }: SiteMapProps) {
  return (
    <PrintModalFrame opened={opened} title="Print Site Maps" onClose={onClose}>
      <PrintJobPanel
        job="siteMaps"
        divisionId={divisionId}
        onClose={onClose}
        prepare={() => ({ projectId, ...(inspectionId ? { inspectionId } : {}) })}
      >
        <Text fz="sm">
          Print every active site map of this project with its features and legend, as one PDF.
        </Text>
      </PrintJobPanel>
    </PrintModalFrame>
  );
}
