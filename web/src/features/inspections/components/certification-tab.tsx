import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { CERTIFICATION_MESSAGES, signatureCheckboxEnabled } from '@stormline/domain/certification-rules';
import { displayDate } from '@stormline/domain/local-date';
import { Markdown } from '../../../components/markdown';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';
import { signGroup, useCertification, type Certification } from '../api/inspections';
import { SIGNATURE_GROUP_TITLES } from '@stormline/domain/template-model';

type Group = Certification['signatureGroups'][number];
type Line = Group['lines'][number];

const GROUP_TITLES = SIGNATURE_GROUP_TITLES;

function SignForm({
  divisionId,
  inspectionId,
  group,
  line,
  state,
}: {
  divisionId: string;
  inspectionId: string;
  group: Group['group'];
  line: Line;
  state: Certification;
}) {
  const [date, setDate] = useState(state.today);
  const [message, setMessage] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const enabled = signatureCheckboxEnabled(state.consented, false);
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="Date"
          required
          value={date}
          min={state.minCertificationDate[group]}
          max={state.today}
          onChange={(e) => setDate(e.currentTarget.value)}
          w={200}
        />
        <Textarea
          label="E-mail message"
          autosize
          minRows={1}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          maxLength={2000}
          style={{ flex: 1, minWidth: 200 }}
        />
      </Group>
      <Checkbox
        label="Electronic Authorization Signature"
        description={state.consented ? undefined : CERTIFICATION_MESSAGES.noConsent}
        disabled={!enabled}
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
      />
      {error && <ServerError>{error}</ServerError>}
      <Group>
        <Button
          loading={busy}
          onClick={async () => {
            if (!agreed) return setError(CERTIFICATION_MESSAGES.consent);
            setBusy(true);
            setError(null);
            try {
              await signGroup(divisionId, inspectionId, group, {
                lineType: line.type,
                date,
                emailMessage: message || null,
              });
            } catch (failure) {
              setError(errorMessage(failure, 'An unknown error has occurred'));
              setBusy(false);
            }
          }}
        >
          Sign
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The Certification tab (spec 002 §2 Certification; 0018): each group of the inspection's
 * template with its attestation and lines; a line is signed once, with the consent checkbox;
 * a signature whose inspection no longer matches what was signed is flagged.
 */
export function CertificationTab({ divisionId, inspectionId }: { divisionId: string; inspectionId: string }) {
  const { data: state, error } = useCertification(divisionId, inspectionId);
  if (error) return <ServerError>{errorMessage(error, 'An error has occurred')}</ServerError>;
  if (!state) return <Skeleton h={160} />;
  // One warning per signer and date: an inspection changed once reads the same for each of their lines.
  const changed = [
    ...new Set(
      state.userSignatures
        .filter((s) => !s.matches)
        .map((s) => CERTIFICATION_MESSAGES.changedAfterSigning(s.userName, displayDate(s.date))),
    ),
  ];
  return (
    <Stack>
      {changed.map((message) => (
        <Alert key={message} color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {message}
        </Alert>
      ))}
      {state.signatureGroups.map((g) => {
        const option = state.groupOptions[g.group];
        const attestation = state.attestations.filter((a) => a.signatureType === g.group);
        return (
          <Paper key={g.group} radius="lg" p="md" withBorder>
            <Title order={3} fz="lg" mb="xs">
              {GROUP_TITLES[g.group]}
            </Title>
            {g.group === 'compliance' && (
              <Text fz="xs" c="dimmed" mb="xs">
                {CERTIFICATION_MESSAGES.complianceHelp}
              </Text>
            )}
            {attestation.map((a) => (
              <Markdown key={a.id} source={a.content} fz="sm" mb="sm" />
            ))}
            <Stack gap="md">
              {g.lines.map((line) => {
                const signature = state.userSignatures.find(
                  (s) => s.group === g.group && s.lineType === line.type,
                );
                return (
                  <Paper key={line.type} p="sm" radius="md" bg="var(--mantine-color-gray-0)">
                    <Text fw={600} fz="sm" mb={4}>
                      {line.label ?? line.userFieldLabel}
                    </Text>
                    {signature ? (
                      <Group gap="sm">
                        <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" />
                        <Text fz="sm">
                          {line.userFieldLabel}: <strong>{signature.userName}</strong> · {line.roleFieldLabel}
                          : {signature.position ?? signature.role} · {displayDate(signature.date)}
                        </Text>
                        {!signature.matches && (
                          <Badge color="red" variant="light">
                            Changed after signing
                          </Badge>
                        )}
                      </Group>
                    ) : state.maySign.includes(g.group) && option?.enabled ? (
                      <SignForm
                        divisionId={divisionId}
                        inspectionId={inspectionId}
                        group={g.group}
                        line={line}
                        state={state}
                      />
                    ) : (
                      <Text fz="sm" c="dimmed">
                        Not signed yet.
                      </Text>
                    )}
                  </Paper>
                );
              })}
            </Stack>
            {option && !option.enabled && option.errors.length > 0 && (
              <Alert color="orange" variant="light" mt="sm">
                {option.errors.join(' ')}
              </Alert>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
