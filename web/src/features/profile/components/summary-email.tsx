import { useEffect, useId } from 'react';
import { Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import type { SummaryFrequency } from '@stormline/domain/notification-settings';
import type { Profile } from '@stormline/contract/areas/profile';
import { errorMessage } from '../../../lib/errors';
import { rememberFrequency, useSetSummaryFrequency } from '../api/profile-settings';

type SummaryEmail = NonNullable<Profile['summaryEmail']>;

/**
 * Spec 001 §2, §3, §9: how often the summary e-mail comes, from the values the server offers
 * (PUT /api/notifications/frequency), also kept in local storage.
 */
export function SummaryEmailFrequency({ summaryEmail }: { summaryEmail: SummaryEmail }) {
  const id = useId();
  const { trigger, isMutating } = useSetSummaryFrequency();
  useEffect(() => rememberFrequency(summaryEmail.frequency), [summaryEmail.frequency]);

  const choose = async (frequency: SummaryFrequency) => {
    try {
      await trigger(frequency);
      toasts.show({
        color: 'teal',
        title: 'Summary email frequency saved',
        message:
          frequency === 'Never'
            ? 'You will not get the summary email.'
            : `You will get the summary email ${frequency.toLowerCase()}.`,
      });
    } catch (error) {
      toasts.show({ color: 'red', title: 'Frequency not saved', message: errorMessage(error) });
    }
  };

  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" data-testid="summary-email">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" c="harbor.9" id={`${id}-title`}>
            Summary email
          </Title>
          <Text fz="sm" c="dimmed" id={`${id}-description`}>
            A digest of your notifications, sent as often as you choose.
          </Text>
        </div>
        <SegmentedControl
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-description`}
          data={summaryEmail.availableFrequencies}
          value={summaryEmail.frequency}
          onChange={(value) => void choose(value as SummaryFrequency)}
          disabled={isMutating}
          fullWidth
          radius="md"
        />
      </Stack>
    </Paper>
  );
}
