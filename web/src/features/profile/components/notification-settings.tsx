import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Box,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import * as z from 'zod/mini';
import type { DeliveryType } from '@stormline/domain/notification-settings';
import { DELIVERY_TYPES } from '@stormline/domain/notification-settings';
import type { NotificationSetting } from '@stormline/contract/areas/profile';
import { NotificationTypeBody } from '@stormline/contract/areas/users';
import { FormServerError, TextareaField, useServerSubmit } from '../../../components/form';
import { errorMessage } from '../../../lib/errors';
import { useBulkUpdateNotificationTypes, useSetNotificationType } from '../api/profile-settings';
import classes from './notification-settings.module.css';

export const DELIVERY_LABELS: Record<DeliveryType, string> = {
  'in-app': 'In-app',
  email: 'Email',
  sms: 'SMS',
};

const failed = (error: unknown) =>
  toasts.show({ color: 'red', title: 'Settings not saved', message: errorMessage(error) });

/** The delivery boxes of one row; a delivery the row does not offer keeps its place, so the columns line up. */
function DeliveryBoxes({
  offered,
  checked,
  indeterminate,
  onChange,
}: {
  offered: readonly DeliveryType[];
  checked: (delivery: DeliveryType) => boolean;
  indeterminate?: (delivery: DeliveryType) => boolean;
  onChange: (delivery: DeliveryType, on: boolean) => void;
}) {
  return (
    <div className={classes.deliveries}>
      {DELIVERY_TYPES.map((delivery) =>
        offered.includes(delivery) ? (
          <Checkbox
            key={delivery}
            label={DELIVERY_LABELS[delivery]}
            checked={checked(delivery)}
            indeterminate={indeterminate?.(delivery)}
            onChange={(event) => onChange(delivery, event.currentTarget.checked)}
          />
        ) : (
          <Text key={delivery} fz="xs" c="dimmed" className={classes.none}>
            No {DELIVERY_LABELS[delivery]}
          </Text>
        ),
      )}
    </div>
  );
}

function Row({
  title,
  description,
  children,
  boxes,
  testId,
}: {
  title: string;
  description: string;
  children?: React.ReactNode;
  boxes: React.ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <div
      className={classes.row}
      role="group"
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-description`}
      data-testid={testId}
    >
      <Box className={classes.about}>
        <Text id={`${id}-name`} fw={600} fz="sm">
          {title}
        </Text>
        <Text id={`${id}-description`} fz="xs" c="dimmed">
          {description}
        </Text>
        {children}
      </Box>
      {boxes}
    </div>
  );
}

const MessageFields = z.strictObject({
  default_email_message: NotificationTypeBody.shape.default_email_message,
});
type MessageValues = z.input<typeof MessageFields>;

/** The e-mail's own message of a type that has one (Missed Inspection, Inspection Complete). */
function EmailMessageForm({
  setting,
  save,
  onClose,
}: {
  setting: NotificationSetting;
  save: (message: string | null) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useForm<MessageValues, unknown, z.output<typeof MessageFields>>({
    resolver: zodResolver(MessageFields),
    defaultValues: { default_email_message: setting.default_email_message ?? '' },
  });
  const { submit, serverError } = useServerSubmit(form, ['default_email_message'], async (values) => {
    await save(values.default_email_message?.trim() ? values.default_email_message.trim() : null);
    toasts.show({
      color: 'teal',
      title: 'Email message saved',
      message: `${setting.name} emails carry it from now on.`,
    });
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextareaField
          control={form.control}
          name="default_email_message"
          label="Your message"
          description={`Added to every ${setting.name} email. Leave it empty for the standard email.`}
          rows={5}
          data-autofocus
        />
        <FormServerError error={serverError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={form.formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Spec 001 §2: each notification type with its delivery types (in-app and email; SMS only for
 * Missed Inspection, Inspection Ready To Sign and Inspection Complete, as the server offers them),
 * saved as they are ticked, and a row that turns a delivery on or off for every type at once.
 */
export function NotificationSettings({
  userId,
  settings,
}: {
  userId: string;
  settings: NotificationSetting[];
}) {
  const setType = useSetNotificationType(userId);
  const bulk = useBulkUpdateNotificationTypes(userId);
  const [editing, setEditing] = useState<NotificationSetting | null>(null);

  const toggle = (setting: NotificationSetting, delivery: DeliveryType, on: boolean) =>
    setType
      .trigger({
        type: setting.id,
        is_enabled: on
          ? [...setting.is_enabled.filter((d) => d !== delivery), delivery]
          : setting.is_enabled.filter((d) => d !== delivery),
        default_email_message: setting.default_email_message,
      })
      .catch(failed);

  const offering = (delivery: DeliveryType) => settings.filter((s) => s.deliveries.includes(delivery));
  const allOn = (delivery: DeliveryType) => offering(delivery).every((s) => s.is_enabled.includes(delivery));
  const someOn = (delivery: DeliveryType) => offering(delivery).some((s) => s.is_enabled.includes(delivery));
  const offeredByAny = DELIVERY_TYPES.filter((d) => offering(d).length > 0);

  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" data-testid="notification-settings">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" c="harbor.9">
            Notification settings
          </Title>
          <Text fz="sm" c="dimmed">
            Choose how each notification reaches you. Changes are saved as you make them.
          </Text>
        </div>
        {settings.length > 1 && (
          <>
            <Row
              title="All notifications"
              description="Turn a delivery on or off for every notification at once."
              testId="notification-all"
              boxes={
                <DeliveryBoxes
                  offered={offeredByAny}
                  checked={allOn}
                  indeterminate={(d) => someOn(d) && !allOn(d)}
                  onChange={(delivery) =>
                    void bulk.trigger({ typeId: delivery, isEnabled: !allOn(delivery) }).catch(failed)
                  }
                />
              }
            />
            <Divider />
          </>
        )}
        {settings.map((setting) => (
          <Row
            key={setting.id}
            title={setting.name}
            description={setting.description}
            testId={`notification-${setting.id}`}
            boxes={
              <DeliveryBoxes
                offered={setting.deliveries}
                checked={(d) => setting.is_enabled.includes(d)}
                onChange={(delivery, on) => void toggle(setting, delivery, on)}
              />
            }
          >
            {setting.has_custom_message && (
              <Anchor component="button" type="button" fz="xs" mt={4} onClick={() => setEditing(setting)}>
                {setting.default_email_message ? 'Edit your email message' : 'Add your own email message'}
                <VisuallyHidden>{` for ${setting.name}`}</VisuallyHidden>
              </Anchor>
            )}
          </Row>
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `${editing.name} email message` : ''}
        radius="lg"
        size="lg"
      >
        {editing && (
          <EmailMessageForm
            setting={editing}
            onClose={() => setEditing(null)}
            save={(message) =>
              setType.trigger({
                type: editing.id,
                is_enabled: settings.find((s) => s.id === editing.id)?.is_enabled ?? editing.is_enabled,
                default_email_message: message,
              })
            }
          />
        )}
      </Modal>
    </Paper>
  );
}
