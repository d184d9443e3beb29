{{/*
The services of the platform and what the code fixes about each: the values key, whether it
speaks HTTP (gateway) or gRPC, which services call it (NetworkPolicy ingress; the callers are
the *_GRPC_ADDR settings in apps/<app>/src/config.ts) and the Secret keys it reads (required ones
fail the pod loudly when absent; optional ones are read when present).
*/}}
{{- define "bp.services" -}}
services:
  - { name: gateway, key: gateway, http: true, callers: [],
      secrets: [REDIS_URL, SESSION_SECRET, MANAGE_TOKEN_SECRET, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET],
      optionalSecrets: [MANAGE_TOKEN_PREVIOUS] }
  - { name: catalog, key: catalog, http: false, callers: [gateway, booking, webhook-dispatcher, integrations, notifications, identity],
      secrets: [MONGODB_URL], optionalSecrets: [] }
  - { name: booking, key: booking, http: false, callers: [gateway, notifications, identity],
      secrets: [MONGODB_URL, REDIS_URL], optionalSecrets: [] }
  - { name: customer, key: customer, http: false, callers: [gateway, booking, notifications, identity],
      secrets: [MONGODB_URL], optionalSecrets: [] }
  - { name: webhook-dispatcher, key: webhookDispatcher, http: false, callers: [gateway, identity],
      secrets: [MONGODB_URL, WEBHOOK_SECRET_KEY], optionalSecrets: [WEBHOOK_SECRET_KEY_PREVIOUS] }
  - { name: integrations, key: integrations, http: false, callers: [gateway, booking, notifications, identity],
      secrets: [MONGODB_URL, INTEGRATIONS_SECRET_KEY],
      optionalSecrets: [INTEGRATIONS_SECRET_KEY_PREVIOUS, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET] }
  - { name: notifications, key: notifications, http: false, callers: [gateway, identity],
      secrets: [MONGODB_URL, MANAGE_TOKEN_SECRET, SMTP_URL],
      optionalSecrets: [MANAGE_TOKEN_PREVIOUS, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN] }
  - { name: identity, key: identity, http: false, callers: [gateway],
      secrets: [MONGODB_URL, SESSION_SECRET], optionalSecrets: [] }
{{- end -}}

{{/* Prefix of every object: fullnameOverride, else the release name (release "booking" → booking-catalog). */}}
{{- define "bp.fullname" -}}
{{- .Values.fullnameOverride | default .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}

{{/* Name of one service's objects; arguments: (list $ "catalog"). */}}
{{- define "bp.name" -}}
{{- printf "%s-%s" (include "bp.fullname" (index . 0)) (index . 1) -}}
{{- end -}}

{{/* Selector labels of one service; arguments: (list $ "catalog"). */}}
{{- define "bp.selectorLabels" -}}
{{- $ := index . 0 -}}
app.kubernetes.io/name: {{ $.Chart.Name }}
app.kubernetes.io/instance: {{ $.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{/* Labels of one service's objects; arguments: (list $ "catalog"). */}}
{{- define "bp.labels" -}}
{{- $ := index . 0 -}}
{{ include "bp.selectorLabels" . }}
app.kubernetes.io/part-of: booking-platform
app.kubernetes.io/version: {{ $.Values.image.tag | default $.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ $.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" $.Chart.Name $.Chart.Version }}
{{- end -}}

{{/* host:port of one gRPC service inside the cluster; arguments: (list $ "catalog" 50051). */}}
{{- define "bp.grpcAddr" -}}
{{- printf "%s:%v" (include "bp.name" (list (index . 0) (index . 1))) (index . 2) -}}
{{- end -}}

{{/*
Seconds Kubernetes waits after the preStop hook starts before SIGKILL: the preStop pause, then
SHUTDOWN_GRACE_MS of draining, then the 5 s the process allows itself beyond that before it
exits on its own (libs/grpc/src/process.ts), then 5 s of slack.
*/}}
{{- define "bp.terminationGraceSeconds" -}}
{{- add .Values.preStopSeconds (div (add .Values.shutdownGraceMs 999) 1000) 10 -}}
{{- end -}}

{{/* The non-secret settings of one service as a YAML map; arguments: (list $ serviceEntry). */}}
{{- define "bp.configEnv" -}}
{{- $ := index . 0 -}}
{{- $s := index . 1 -}}
{{- $svc := index $.Values $s.key -}}
{{- $v := $.Values -}}
PROFILE: distributed
LOG_LEVEL: {{ $v.logLevel | quote }}
SHUTDOWN_GRACE_MS: {{ $v.shutdownGraceMs | quote }}
OTEL_SERVICE_NAME: {{ $s.name | quote }}
{{- with $v.otel.endpoint }}
OTEL_EXPORTER_OTLP_ENDPOINT: {{ . | quote }}
OTEL_EXPORTER_OTLP_PROTOCOL: {{ $v.otel.protocol | quote }}
OTEL_TRACES_SAMPLER: {{ $v.otel.tracesSampler | quote }}
OTEL_TRACES_SAMPLER_ARG: {{ $v.otel.tracesSamplerArg | quote }}
{{- end }}
{{- with $v.otel.resourceAttributes }}
OTEL_RESOURCE_ATTRIBUTES: {{ . | quote }}
{{- end }}
{{- if $s.http }}
HOST: "0.0.0.0"
PORT: {{ $svc.port | quote }}
BASE_URL: {{ $svc.baseUrl | quote }}
TRUST_PROXY: {{ $svc.trustProxy | quote }}
OIDC_ISSUER: {{ $svc.oidcIssuer | quote }}
RATE_LIMIT_STORE: {{ $svc.rateLimitStore | quote }}
{{- with $svc.dashboardOrigin }}
DASHBOARD_ORIGIN: {{ . | quote }}
{{- end }}
CATALOG_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "catalog" $v.catalog.port) | quote }}
BOOKING_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "booking" $v.booking.port) | quote }}
CUSTOMER_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "customer" $v.customer.port) | quote }}
WEBHOOKS_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "webhook-dispatcher" $v.webhookDispatcher.port) | quote }}
INTEGRATIONS_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "integrations" $v.integrations.port) | quote }}
NOTIFICATIONS_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "notifications" $v.notifications.port) | quote }}
IDENTITY_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "identity" $v.identity.port) | quote }}
IDENTITY_CACHE_TTL_MS: {{ $svc.identityCacheTtlMs | quote }}
KAFKA_BROKERS: {{ $v.kafka.brokers | quote }}
{{- else }}
GRPC_HOST: "0.0.0.0"
GRPC_PORT: {{ $svc.port | quote }}
METRICS_PORT: {{ $v.metrics.port | quote }}
{{- end }}
{{- if eq $s.name "booking" }}
CATALOG_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "catalog" $v.catalog.port) | quote }}
CUSTOMER_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "customer" $v.customer.port) | quote }}
INTEGRATIONS_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "integrations" $v.integrations.port) | quote }}
KAFKA_BROKERS: {{ $v.kafka.brokers | quote }}
LOCK_WAIT_MS: {{ $svc.lockWaitMs | quote }}
{{- end }}
{{- if eq $s.name "webhook-dispatcher" }}
CATALOG_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "catalog" $v.catalog.port) | quote }}
KAFKA_BROKERS: {{ $v.kafka.brokers | quote }}
RETENTION_SWEEP_INTERVAL_MS: {{ $svc.retentionSweepIntervalMs | quote }}
WEBHOOK_CONCURRENCY: {{ $svc.concurrency | quote }}
WEBHOOK_ATTEMPT_TIMEOUT_MS: {{ $svc.attemptTimeoutMs | quote }}
WEBHOOK_MAX_SUBSCRIPTIONS: {{ $svc.maxSubscriptions | quote }}
{{- with $svc.urlAllowlist }}
WEBHOOK_URL_ALLOWLIST: {{ . | quote }}
{{- end }}
{{- end }}
{{- if eq $s.name "integrations" }}
CATALOG_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "catalog" $v.catalog.port) | quote }}
KAFKA_BROKERS: {{ $v.kafka.brokers | quote }}
BUSY_CACHE_MS: {{ $svc.busyCacheMs | quote }}
PROVIDER_TIMEOUT_MS: {{ $svc.providerTimeoutMs | quote }}
STRIPE_API_URL: {{ $svc.stripeApiUrl | quote }}
{{- with $svc.caldavUrlAllowlist }}
CALDAV_URL_ALLOWLIST: {{ . | quote }}
{{- end }}
{{- end }}
{{- if eq $s.name "identity" }}
{{- /* The catalog opens tenants with their owner; the tenant export reads every service. */}}
CATALOG_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "catalog" $v.catalog.port) | quote }}
BOOKING_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "booking" $v.booking.port) | quote }}
CUSTOMER_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "customer" $v.customer.port) | quote }}
WEBHOOKS_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "webhook-dispatcher" $v.webhookDispatcher.port) | quote }}
INTEGRATIONS_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "integrations" $v.integrations.port) | quote }}
NOTIFICATIONS_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "notifications" $v.notifications.port) | quote }}
KAFKA_BROKERS: {{ $v.kafka.brokers | quote }}
RETENTION_SWEEP_INTERVAL_MS: {{ $svc.retentionSweepIntervalMs | quote }}
{{- end }}
{{- if eq $s.name "notifications" }}
CATALOG_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "catalog" $v.catalog.port) | quote }}
BOOKING_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "booking" $v.booking.port) | quote }}
CUSTOMER_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "customer" $v.customer.port) | quote }}
INTEGRATIONS_GRPC_ADDR: {{ include "bp.grpcAddr" (list $ "integrations" $v.integrations.port) | quote }}
KAFKA_BROKERS: {{ $v.kafka.brokers | quote }}
BASE_URL: {{ $v.gateway.baseUrl | quote }}
MAIL_FROM: {{ $svc.mailFrom | quote }}
SMTP_POOL_SIZE: {{ $svc.smtpPoolSize | quote }}
NOTIFY_CONCURRENCY: {{ $svc.concurrency | quote }}
SMS_API_URL: {{ $svc.smsApiUrl | quote }}
{{- with $svc.smsFrom }}
SMS_FROM: {{ . | quote }}
{{- end }}
{{- with $svc.dashboardUrl }}
DASHBOARD_URL: {{ . | quote }}
{{- end }}
{{- end }}
{{- end -}}
