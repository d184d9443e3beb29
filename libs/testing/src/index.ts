export { isCi, serverGate } from './server-gate.js';
export { freePort } from './free-port.js';
export { repoRoot } from './repo-root.js';
export { startRedis, redisMissing, type RedisServer } from './redis-server.js';
export { startKafka, kafkaMissing, type KafkaServer } from './kafka-server.js';
export {
  startMongo,
  mongoMissing,
  mongoForSuites,
  type MongoServer,
  type StartMongoOptions,
  type SuiteMongo,
} from './mongo-server.js';
export { startRadicale, radicaleMissing, type RadicaleServer } from './radicale-server.js';
export { json } from './json.js';
export {
  createTestTenant,
  openEveryDay,
  SERVICE_LISTS_UNCHANGED,
  uniqueSlug,
  type RuleCreator,
  type TenantCreator,
} from './test-tenant.js';
export {
  startWebhookReceiver,
  type WebhookReceiver,
  type ReceivedWebhook,
  type ReceiverReply,
} from './webhook-receiver.js';
export { eventually } from './eventually.js';
export { runApp, type AppProcess, type RunAppOptions } from './app-process.js';
export { startPlatformProcess, type PlatformProcess } from './platform-process.js';
export { chromiumArgs, chromiumMissing, chromiumPath } from './chromium.js';
export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';
export { parsePrometheusText, prom2jsonMissing, type MetricFamily } from './prometheus-text.js';
export { authorizeAtProvider } from './provider-browser.js';
export {
  startGoogleCalendarStandIn,
  type GoogleCalendarStandIn,
  type NewStandInEvent,
  type StandInEvent,
} from './google-calendar-standin.js';
export { type GoogleEvent, type GoogleTime } from './google-calendar-instances.js';
export {
  startMailpit,
  mailpitMissing,
  type MailpitServer,
  type MailpitMessage,
  type ReceivedMail,
  type StartMailpitOptions,
} from './mailpit-server.js';
export { startSmsApiStandIn, type SmsApiStandIn, type ReceivedSms } from './sms-api-standin.js';
export { startTokenEndpointStandIn, type TokenEndpointStandIn } from './oauth-token-standin.js';
export { openEventStream, type EventStream } from './event-stream.js';
export { unzip, ndjsonLines } from './unzip.js';
export {
  startZoomStandIn,
  type ZoomStandIn,
  type ZoomStandInMeeting,
  type ZoomStandInRequest,
  type ZoomStandInUser,
} from './zoom-standin.js';
export {
  startMicrosoftGraphStandIn,
  type GraphCalendar,
  type GraphEvent,
  type GraphRecurrence,
  type GraphRequest,
  type MicrosoftGraphStandIn,
  type NewGraphEvent,
} from './microsoft-graph-standin.js';
export * from './ical-zones.js';
export {
  startStripeMock,
  stripeMockMissing,
  stripeMockPath,
  STRIPE_MOCK_VERSION,
  type StripeMockServer,
} from './stripe-mock-server.js';
export { type StripeKeyPermissions, type StripeResource } from './stripe-standin-keys.js';
export {
  startStripeStandIn,
  type StripeKeyOptions,
  type StripeMockRejection,
  type StripeStandIn,
  type StripeStandInOptions,
  type StripeStandInRequest,
} from './stripe-standin.js';
export type {
  DeclineReason,
  PayOptions,
  StripeAccount,
  StripeCheckoutSession,
  StripeLineItem,
  StripeList,
  StripePaymentIntent,
  StripePaymentMethod,
  StripeRefund,
} from './stripe-standin-ledger.js';
export { type FormParams, type FormValue, type StripeErrorBody } from './stripe-form.js';
