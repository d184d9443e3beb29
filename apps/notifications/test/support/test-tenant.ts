import type { CatalogClient, NotificationClient } from '@svc/grpc';
import type { notificationsV1 } from '@svc/proto';
import { createTestTenant, openEveryDay } from '@svc/testing';

/**
 * A tenant open every day with a manual 30-minute `checkup` service and its staff member Sam, and
 * its notification settings: no reminders and no business addresses unless `settings` says so.
 */
export async function notificationTestTenant(
  catalog: CatalogClient,
  notifications: NotificationClient,
  settings: Partial<notificationsV1.UpdateNotificationSettingsRequest>,
): Promise<string> {
  const { tenantId } = await createTestTenant(catalog, { name: 'Acme Dental', timezone: 'UTC', locale: 'en' });
  const { staff } = await catalog.createStaff({ tenantId, fields: { displayName: 'Sam', email: 'sam@acme.test' } });
  await openEveryDay(catalog, tenantId, [
    ['tenant', tenantId],
    ['staff', staff!.staffId],
  ]);
  await catalog.createService({
    tenantId,
    fields: {
      slug: 'checkup',
      name: 'Check-up',
      durationMin: 30,
      staffIds: [staff!.staffId],
      staffIdsSet: true,
      resourceIds: [],
      resourceIdsSet: true,
      questions: [],
      questionsSet: false,
      staffWeights: {},
      staffWeightsSet: false,
    },
  });
  await notifications.updateNotificationSettings({
    tenantId,
    reminderOffsetsMin: [],
    reminderOffsetsSet: false,
    businessEmails: [],
    businessEmailsSet: false,
    teamEmails: [],
    businessEmailsFollowTeam: false,
    ...settings,
  });
  return tenantId;
}
