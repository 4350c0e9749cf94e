import type { RoleName } from './roles';

/**
 * Notification settings of the profile (spec 001 §2, §3): per notification type, the delivery
 * types a user wants it by; SMS only for the three types the spec names.
 */

export const DELIVERY_TYPES = ['in-app', 'email', 'sms'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export interface NotificationType {
  id: string;
  name: string;
  description: string;
  /**
   * Whether SMS is offered (spec 001 §2: Missed Inspection, Inspection Ready To Sign, Inspection
   * Complete; issue 23 adds Post-Storm Inspection Due, whose deadline is 24 hours away).
   */
  sms: boolean;
  /** Whether the user may write the e-mail's message themself (default_email_message). */
  hasCustomMessage: boolean;
}

export const NOTIFICATION_TYPES: readonly NotificationType[] = [
  {
    id: 'missed-inspection',
    name: 'Missed Inspection',
    description: 'A project passed its next inspection date without an inspection.',
    sms: true,
    hasCustomMessage: true,
  },
  {
    id: 'inspection-ready-to-sign',
    name: 'Inspection Ready To Sign',
    description: 'An inspection is complete and waits for your certification.',
    sms: true,
    hasCustomMessage: false,
  },
  {
    id: 'inspection-complete',
    name: 'Inspection Complete',
    description: 'An inspection of one of your projects was completed and certified.',
    sms: true,
    hasCustomMessage: true,
  },
  {
    id: 'post-storm-due',
    name: 'Post-Storm Inspection Due',
    description:
      'Rain at a site reached its permit’s storm threshold: a post-storm inspection is due by a deadline. Managers hear it for every project of their division when they turn it on.',
    sms: true,
    hasCustomMessage: false,
  },
  {
    id: 'inspection-due',
    name: 'Inspection Due',
    description: 'A project you inspect is due for its routine inspection today.',
    sms: false,
    hasCustomMessage: false,
  },
  {
    id: 'acknowledgement-required',
    name: 'Acknowledgement Required',
    description: 'An inspection report waits for your acknowledgement.',
    sms: false,
    hasCustomMessage: false,
  },
  {
    id: 'findings-past-due',
    name: 'Findings Past Due',
    description:
      'Findings on your projects are open longer than 7 days, or past their corrective-action deadline.',
    sms: false,
    hasCustomMessage: false,
  },
  {
    id: 'project-assigned',
    name: 'Project Assigned',
    description: 'You were given access to a project.',
    sms: false,
    hasCustomMessage: false,
  },
  {
    id: 'invitation-accepted',
    name: 'Invitation Accepted',
    description: 'Someone you invited has registered and can sign in.',
    sms: false,
    hasCustomMessage: false,
  },
];

export function notificationType(id: string): NotificationType | undefined {
  return NOTIFICATION_TYPES.find((t) => t.id === id);
}

/** What a new user receives until they change it: in-app and e-mail. */
export const DEFAULT_DELIVERY: readonly DeliveryType[] = ['in-app', 'email'];

/** The summary e-mail's frequencies, offered by the server (spec 001 §3). */
export const SUMMARY_FREQUENCIES = ['Never', 'Daily', 'Weekly', 'Monthly'] as const;
export type SummaryFrequency = (typeof SUMMARY_FREQUENCIES)[number];
export const DEFAULT_SUMMARY_FREQUENCY: SummaryFrequency = 'Weekly';

export interface SettingsPolicy {
  /** The notification types whose settings the role has. */
  types: readonly NotificationType[];
  /** The summary-email frequency control. */
  frequency: boolean;
  /** The e-signature consent control. */
  signature: boolean;
}

/**
 * Spec 001 §2: a Regulator has no settings panels; 'Regulator - With Photos' only the Inspection
 * Complete setting, with no frequency or e-signature control; everyone else all of them. The
 * Public account has none.
 */
export function settingsPolicyOf(role: RoleName): SettingsPolicy {
  if (role === 'Regulator' || role === 'Public') return { types: [], frequency: false, signature: false };
  if (role === 'Regulator - With Photos')
    return {
      types: NOTIFICATION_TYPES.filter((t) => t.id === 'inspection-complete'),
      frequency: false,
      signature: false,
    };
  return { types: NOTIFICATION_TYPES, frequency: true, signature: true };
}

/** The delivery types a notification type can go by. */
export function deliveriesOf(type: NotificationType): readonly DeliveryType[] {
  return type.sms ? DELIVERY_TYPES : DELIVERY_TYPES.filter((d) => d !== 'sms');
}
