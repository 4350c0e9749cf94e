import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Text } from '@mantine/core';
import { BULK_CERTIFY_MAX, CERTIFICATION_MESSAGES } from '@stormline/domain/certification-rules';
import { IconCertificate } from '@tabler/icons-react';
import { displayDate } from '@stormline/domain/local-date';
import { tableColumns } from '../../../../components/data-table';
import { paths } from '../../../../config/paths';
import {
  loadCertificationsDue,
  refreshWidgets,
  useWidgetPages,
  type CertificationDueRow,
} from '../../api/dashboard';
import type { CertifiableInspection } from '../../../../components/bulk-certify-modal';
import { useCelebrate } from '../success-check';
import { WidgetFrame, type WidgetChrome } from '../widget-frame';
import { useWidgetSearch, WidgetSearch, WidgetTable } from '../widget-table';

const BulkCertifyModal = lazy(() =>
  import('../../../../components/bulk-certify-modal').then((m) => ({ default: m.BulkCertifyModal })),
);

const column = tableColumns<CertificationDueRow>();
const inspectionIdOf = (row: CertificationDueRow) => row.inspectionId;
const rowLabel = (row: CertificationDueRow) => `Select ${row.siteName}, ${displayDate(row.dateOfInspection)}`;

const siteColumns = (divisionId: string) =>
  column.columns([
    column.accessor('siteName', {
      header: 'Site Name',
      enableSorting: true,
      cell: ({ row }) => (
        <Anchor
          component={Link}
          to={paths.app.project.getHref(divisionId, row.original.projectId, 'inspections')}
          fz="sm"
        >
          {row.original.siteName}
        </Anchor>
      ),
    }),
    column.accessor('clientName', { header: 'Client Name', enableSorting: true }),
    column.accessor('dateOfInspection', {
      header: 'Date Of Inspection',
      enableSorting: true,
      cell: ({ getValue }) => displayDate(getValue()),
    }),
  ]);

/** Spec 000 §2 Certifications Due: eligible inspections, certified together with Certify Now. */
export function CertificationsDueWidget({
  chrome,
  divisionId,
  mayCertify,
}: {
  chrome: WidgetChrome;
  divisionId: string;
  mayCertify: boolean;
}) {
  const search = useWidgetSearch();
  const list = useWidgetPages(
    divisionId,
    'certifications-due',
    [search.query],
    loadCertificationsDue(divisionId, search.query),
  );
  const [selected, setSelected] = useState<string[]>([]);
  // The inspections being certified, fixed when Certify Now is pressed (the modal reads each one's state).
  const [certifying, setCertifying] = useState<CertifiableInspection[] | null>(null);
  const celebrate = useCelebrate();
  const chosen = (list.rows ?? []).filter((row) => selected.includes(row.inspectionId));

  // The same columns and selection while nothing they show changes: the table re-renders only then.
  const columns = useMemo(() => siteColumns(divisionId), [divisionId]);
  const selection = useMemo(
    () => (mayCertify ? { selectedIds: selected, onChange: setSelected, rowLabel } : undefined),
    [mayCertify, selected],
  );

  return (
    <WidgetFrame
      chrome={chrome}
      actions={
        mayCertify && (
          <Button
            size="compact-sm"
            leftSection={<IconCertificate size={14} />}
            // Spec 000 §5: Certify Now does nothing when nothing is selected.
            onClick={() =>
              chosen.length > 0 &&
              chosen.length <= BULK_CERTIFY_MAX &&
              setCertifying(
                chosen.map((row) => ({ id: row.inspectionId, number: row.number, siteName: row.siteName })),
              )
            }
            aria-disabled={chosen.length === 0 || undefined}
            variant={chosen.length === 0 ? 'light' : 'filled'}
          >
            Certify Now ({chosen.length})
          </Button>
        )
      }
    >
      {chosen.length > BULK_CERTIFY_MAX && (
        <Text fz="sm" c="red.8" role="alert">
          {CERTIFICATION_MESSAGES.bulkLimit}
        </Text>
      )}
      <WidgetTable
        label="Certifications Due"
        list={list}
        toolbar={<WidgetSearch search={search} label="Search sites" />}
        columns={columns}
        getRowId={inspectionIdOf}
        emptyText="There are no inspection(s) that are eligible to be certified"
        selection={selection}
      />
      {certifying && (
        <Suspense fallback={null}>
          <BulkCertifyModal
            opened
            divisionId={divisionId}
            inspections={certifying}
            onClose={() => setCertifying(null)}
            onDone={(count) => {
              setCertifying(null);
              setSelected([]);
              void refreshWidgets();
              celebrate(`${count} inspection${count === 1 ? '' : 's'} certified`);
            }}
          />
        </Suspense>
      )}
    </WidgetFrame>
  );
}
