import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { CERTIFICATION_MESSAGES } from '@stormline/domain/certification-rules';
import { certificationRoutes } from '@stormline/contract/areas/certification';
import { callApi, type ApiResponse } from '../lib/api-client';
import { errorMessage } from '../lib/errors';
import { ServerError } from './server-error';
import { Markdown } from './markdown';

type Certification = ApiResponse<typeof certificationRoutes.getCertification>;

const getCertification = (divisionId: string, id: string) =>
  callApi(certificationRoutes.getCertification, { divisionId, params: { id } });

/** Spec 000 §7: certification state for bulk certify is fetched 4 at a time. */
const CONCURRENCY = 4;

async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}

/** An inspection offered for bulk certification: from a project's tab, or from the dashboard with its site. */
export interface CertifiableInspection {
  id: string;
  number: number;
  siteName?: string;
}

interface Entry {
  inspection: CertifiableInspection;
  state: Certification;
  lineType: string;
  date: string;
}

function BulkCertifyForm({
  divisionId,
  inspections,
  onDone,
  onClose,
}: {
  divisionId: string;
  inspections: CertifiableInspection[];
  onDone: (count: number) => void;
  onClose: () => void;
}) {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    inBatches(inspections, CONCURRENCY, async (inspection) => {
      const state = await getCertification(divisionId, inspection.id);
      const lines = state.signatureGroups.find((g) => g.group === 'compliance')?.lines ?? [];
      return { inspection, state, lineType: lines[0]?.type ?? '', date: state.today };
    })
      .then(setEntries)
      .catch((failure: unknown) => setLoadError(errorMessage(failure, 'An unknown error has occurred')));
  }, [divisionId, inspections]);

  if (loadError) return <ServerError>{loadError}</ServerError>;
  if (!entries) return <Loader size="sm" aria-label="Loading certification" />;
  const consented = entries[0]?.state.consented ?? false;
  const blocked = entries.filter((e) => !e.state.groupOptions.compliance?.enabled);

  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        {CERTIFICATION_MESSAGES.complianceHelp}
      </Text>
      {entries.map((entry, index) => {
        const option = entry.state.groupOptions.compliance;
        const attestation = entry.state.attestations.find((a) => a.signatureType === 'compliance');
        return (
          <Paper key={entry.inspection.id} withBorder radius="md" p="md">
            <Text fw={600} mb={4}>
              {entry.inspection.siteName ? `${entry.inspection.siteName}: ` : ''}Inspection #
              {entry.inspection.number}
            </Text>
            {!option?.enabled && (
              <Alert color="orange" variant="light" mb="xs">
                {CERTIFICATION_MESSAGES.notEnabled}
                {option?.errors.length ? `: ${option.errors.join(' ')}` : ''}
              </Alert>
            )}
            {attestation && <Markdown source={attestation.content} fz="xs" c="dimmed" mb="xs" />}
            <TextInput
              type="date"
              label="Certification date"
              required
              value={entry.date}
              min={entry.state.minCertificationDate.compliance}
              max={entry.state.today}
              onChange={(e) => {
                const date = e.currentTarget.value;
                setEntries((all) => all!.map((x, i) => (i === index ? { ...x, date } : x)));
              }}
              w={220}
            />
          </Paper>
        );
      })}
      <Checkbox
        label="Electronic Authorization Signature"
        description={consented ? undefined : CERTIFICATION_MESSAGES.noConsent}
        disabled={!consented}
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
      />
      {error && <ServerError>{error}</ServerError>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={busy}
          onClick={async () => {
            if (!agreed) return setError(CERTIFICATION_MESSAGES.consent);
            if (blocked.length > 0 || entries.some((e) => !e.date))
              return setError(CERTIFICATION_MESSAGES.invalidForm);
            setBusy(true);
            setError(null);
            try {
              const done = await callApi(certificationRoutes.bulkCertifyCompliance, {
                divisionId,
                body: {
                  entries: entries.map((e) => ({ id: e.inspection.id, date: e.date, lineType: e.lineType })),
                },
              });
              onDone(done.certified.length);
            } catch (failure) {
              setError(errorMessage(failure, 'An unknown error has occurred'));
              setBusy(false);
            }
          }}
        >
          Certify {entries.length} Inspection(s)
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The Bulk Certify Inspections modal (spec 000 §2): a compliance form per selected inspection. Shared
 * by a project's inspections tab and the dashboard's Certifications Due; `onDone` refreshes what
 * the caller shows.
 */
export function BulkCertifyModal(props: {
  opened: boolean;
  divisionId: string;
  inspections: CertifiableInspection[];
  onDone: (count: number) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Certify Inspections" size="lg" radius="lg">
      {props.opened && <BulkCertifyForm {...props} />}
    </Modal>
  );
}
