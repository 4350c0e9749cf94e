import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';
import { useSetSignatureConsent } from '../api/profile-settings';

export const CONSENT_STATEMENT =
  'I agree to sign inspection certifications and reports electronically, and that my electronic signature has the same effect as my handwritten one.';

/**
 * Spec 001 §2 and §4: consent to electronic signatures (POST /api/users/{id}/signature_authorization/
 * {agree|disagree}); the certification checkboxes of inspections are active only once it is given.
 * Giving and withdrawing it are each confirmed.
 */
export function SignatureConsent({ userId, consented }: { userId: string; consented: boolean }) {
  const { trigger } = useSetSignatureConsent(userId);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setConfirming(false);
    setError(null);
  };
  const confirm = async () => {
    setSaving(true);
    setError(null);
    try {
      await trigger(consented ? 'disagree' : 'agree');
      toasts.show({
        color: 'teal',
        title: consented ? 'Consent withdrawn' : 'Consent given',
        message: consented
          ? 'You no longer sign certifications electronically.'
          : 'You can now sign certifications electronically.',
      });
      close();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" data-testid="signature-consent">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" c="harbor.9">
            Electronic signature consent
          </Title>
          <Text fz="sm" c="dimmed">
            Certification checkboxes on inspections are active only once you have consented here.
          </Text>
        </div>
        <Group justify="space-between" gap="sm">
          <Badge color={consented ? 'teal' : 'gray'} variant="light" radius="sm" data-testid="consent-status">
            {consented ? 'Consent given' : 'No consent yet'}
          </Badge>
          <Button variant={consented ? 'default' : 'filled'} onClick={() => setConfirming(true)}>
            {consented ? 'Withdraw consent' : 'Give consent'}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={close}
        title={consented ? 'Withdraw consent' : 'Consent to electronic signatures'}
        radius="lg"
      >
        <Stack gap="md">
          <Text fz="sm">
            {consented
              ? 'You will no longer be able to sign inspection certifications electronically until you consent again.'
              : CONSENT_STATEMENT}
          </Text>
          {error && <ServerError>{error}</ServerError>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button
              color={consented ? 'red' : undefined}
              loading={saving}
              onClick={() => void confirm()}
              data-autofocus
            >
              {consented ? 'Withdraw consent' : 'I agree'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
