export {
  bindService,
  serviceNameOf,
  metadataValue,
  type BindOptions,
  type CallContext,
  type ServiceBinding,
  type ServiceHandlers,
  type StreamedHandler,
} from './bind-service.js';
export {
  connectService,
  unlessNotFound,
  DEFAULT_DEADLINE_MS,
  type CallOptions,
  type ServiceClient,
} from './service-client.js';
export { HealthService, type HealthProbe } from './health.js';
export {
  startGrpcHost,
  unprobed,
  type GrpcHostOptions,
  type RunningGrpcHost,
  type OwnedResource,
  type HostSettings,
} from './server-host.js';
export { startConfiguredProcess } from './process.js';
export { checkHealth, probeHealth, type HealthClient, type ServingState } from './health-check.js';
export { SERVICE_DEFINITIONS } from './clients.js';
export type {
  CatalogClient,
  BookingClient,
  CustomerClient,
  WebhookClient,
  IntegrationClient,
  NotificationClient,
  AuditClient,
  TenantExportClient,
  CustomerExportClient,
  IdentityClient,
} from './clients.js';
export { calendarSyncView } from './calendar-sync.js';
export { fromAnswerValue, toAnswerValue, type AnswerJson } from './answers.js';
export {
  ACTOR_TYPES,
  OUTCOMES,
  SURFACES,
  ChangeRecorder,
  completionOfError,
  idsInAnswer,
  idsInInput,
  tenantIdIn,
  type ActorType,
  type Completion,
  type Outcome,
  type Surface,
} from './audit-client.js';
export {
  bookingHistoryView,
  bookingRecordView,
  customerRecordView,
  deliveryDetailView,
  deliveryRecordView,
  notificationView,
  serviceRecordView,
  type BookingPaymentView,
  type BookingRecordView,
  type ServiceRecordView,
} from './records.js';
