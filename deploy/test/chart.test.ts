import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bookingConfigSchema } from '@svc/booking';
import { catalogConfigSchema } from '@svc/catalog';
import { loadConfig } from '@svc/config';
import { customerConfigSchema } from '@svc/customer';
import { gatewayConfigSchema } from '@svc/gateway';
import { identityConfigSchema } from '@svc/identity';
import { integrationsConfigSchema } from '@svc/integrations';
import { notificationsConfigSchema } from '@svc/notifications';
import { dispatcherConfigSchema } from '@svc/webhook-dispatcher';
import {
  KUBERNETES_VERSIONS,
  chartToolsGate,
  helmLint,
  helmTemplate,
  kubeconform,
  productionValues,
  render,
  type K8sObject,
} from './k8s-tools.js';

/**
 * The chart (deploy/helm/booking-platform) as CI proves it: lint, render with the default and
 * the production-like values, validate every object strictly against the Kubernetes API of the
 * chart's oldest and the newest supported version, refuse wrong values, and hold the rules the
 * code sets: each service gets the settings its own config schema needs, and takes gRPC only
 * from the services whose *_GRPC_ADDR settings name it.
 */

type AnySchema = z.ZodObject<z.ZodRawShape>;
/** Every app's config schema, by the name the chart gives its objects. */
const apps: Record<string, AnySchema> = {
  gateway: gatewayConfigSchema as unknown as AnySchema,
  catalog: catalogConfigSchema as unknown as AnySchema,
  booking: bookingConfigSchema as unknown as AnySchema,
  customer: customerConfigSchema as unknown as AnySchema,
  'webhook-dispatcher': dispatcherConfigSchema as unknown as AnySchema,
  integrations: integrationsConfigSchema as unknown as AnySchema,
  notifications: notificationsConfigSchema as unknown as AnySchema,
  identity: identityConfigSchema as unknown as AnySchema,
};
/** The *_GRPC_ADDR setting that names each service (the gateway's WEBHOOKS_GRPC_ADDR for the dispatcher). */
const addressSetting: Record<string, string> = {
  CATALOG_GRPC_ADDR: 'catalog',
  BOOKING_GRPC_ADDR: 'booking',
  CUSTOMER_GRPC_ADDR: 'customer',
  WEBHOOKS_GRPC_ADDR: 'webhook-dispatcher',
  INTEGRATIONS_GRPC_ADDR: 'integrations',
  NOTIFICATIONS_GRPC_ADDR: 'notifications',
  IDENTITY_GRPC_ADDR: 'identity',
};
/** Who calls whom, read from the apps' own settings rather than from the chart. */
function callersOf(service: string): string[] {
  return Object.entries(apps)
    .filter(([, schema]) => Object.keys(schema.shape).some((key) => addressSetting[key] === service))
    .map(([name]) => name)
    .sort();
}
/** Settings the chart passes that the apps' schemas do not list: OpenTelemetry's own and the metrics port. */
const outsideAppSchemas = (key: string) => key.startsWith('OTEL_') || key === 'METRICS_PORT';

/** Values for the Secret's keys that the apps' schemas accept. */
const secretValues: Record<string, string> = {
  MONGODB_URL: 'mongodb://mongodb-0.mongodb:27017,mongodb-1.mongodb:27017/?replicaSet=rs0',
  REDIS_URL: 'redis://redis:6379',
  SESSION_SECRET: 's'.repeat(32),
  MANAGE_TOKEN_SECRET: 'm'.repeat(32),
  OIDC_CLIENT_ID: 'client-id',
  OIDC_CLIENT_SECRET: 'client-secret',
  WEBHOOK_SECRET_KEY: 'w'.repeat(32),
  INTEGRATIONS_SECRET_KEY: 'i'.repeat(32),
  SMTP_URL: 'smtps://notifications:password@smtp.example.com:465',
};

const valueSets = { default: [] as string[], production: [productionValues] };
const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const component = (o: K8sObject) => o.metadata.labels?.['app.kubernetes.io/component'] ?? '';
const container = (deployment: K8sObject) => deployment.spec.template.spec.containers[0];

describe.runIf(chartToolsGate())('Helm chart booking-platform', () => {
  it.each(Object.entries(valueSets))('passes helm lint --strict with the %s values', (_name, values) => {
    for (const version of KUBERNETES_VERSIONS) {
      const result = helmLint(values, version);
      expect(result.status, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain('0 chart(s) failed');
    }
  });

  const renders = Object.entries(valueSets).flatMap(([name, values]) =>
    KUBERNETES_VERSIONS.map((version) => [name, version, values] as const),
  );
  it.each(renders)(
    'renders the %s values valid against the Kubernetes %s API (kubeconform -strict)',
    (name, version, values) => {
      const { text, objects } = render({ values, kubeVersion: version });
      const result = kubeconform(text, version);
      expect(result.status, result.stdout + result.stderr).toBe(0);
      // Every object found its schema: nothing skipped, nothing left unchecked.
      expect(result.stdout).toContain(
        `${objects.length} resources found parsing stdin - Valid: ${objects.length}, Invalid: 0, Errors: 0, Skipped: 0`,
      );
      const expected = ['Deployment', 'Service', 'ConfigMap', 'PodDisruptionBudget', 'NetworkPolicy'];
      if (name === 'production') expected.push('HorizontalPodAutoscaler', 'ServiceMonitor');
      for (const kind of expected)
        expect(byKind(objects, kind).map(component).sort(), kind).toEqual(Object.keys(apps).sort());
    },
  );

  it('kubeconform refuses an unknown field and a wrong type (the validation is strict)', () => {
    const { text } = render();
    const unknownField = text.replace('revisionHistoryLimit: 5', 'revisionHistoryLimit: 5\n  surgeLimit: 2');
    const wrongType = text.replace('revisionHistoryLimit: 5', 'revisionHistoryLimit: "5"');
    expect(unknownField).not.toBe(text);
    const refusedField = kubeconform(unknownField, KUBERNETES_VERSIONS[0]);
    expect(refusedField.status).not.toBe(0);
    expect(refusedField.stdout).toContain("additional properties 'surgeLimit' not allowed");
    const refusedType = kubeconform(wrongType, KUBERNETES_VERSIONS[0]);
    expect(refusedType.status).not.toBe(0);
    expect(refusedType.stdout).toContain('/spec/revisionHistoryLimit');
  });

  it.each([
    ['booking.replicas=two', "at '/booking/replicas': got string, want integer"],
    ['gateway.replicaz=3', "at '/gateway': additional properties 'replicaz' not allowed"],
    ['kafka.brokers=kafka', "at '/kafka/brokers'"],
    ['otel.endpoint=collector:4318', "at '/otel/endpoint'"],
    ['otel.tracesSampler=sometimes', "at '/otel/tracesSampler'"],
    ['metrics.port=70000', "at '/metrics/port'"],
    ['logLevel=loud', "at '/logLevel'"],
    ['existingSecret=Booking_Secrets', "at '/existingSecret'"],
    ['containerSecurityContext.readOnlyRootFilesystem=false', "at '/containerSecurityContext/readOnlyRootFilesystem'"],
    ['podSecurityContext.runAsNonRoot=false', "at '/podSecurityContext/runAsNonRoot'"],
    ['booking.resources.requests.memory=lots', "at '/booking/resources/requests/memory'"],
    ['integrations.busyCacheMs=0', "at '/integrations/busyCacheMs'"],
    ['integrations.caldavUrlAllowlist=a b', "at '/integrations/caldavUrlAllowlist'"],
    ['integrations.stripeApiUrl=api.stripe.com', "at '/integrations/stripeApiUrl'"],
    ['notifications.mailFrom=bookings', "at '/notifications/mailFrom'"],
    ['notifications.concurrency=0', "at '/notifications/concurrency'"],
  ])('values.schema.json refuses %s', (pair, message) => {
    const result = helmTemplate({ set: [pair] });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("values don't meet the specifications of the schema");
    expect(result.stderr).toContain(message);
  });

  it('refuses autoscaling whose minimum is above its maximum', () => {
    const result = helmTemplate({
      set: [
        'booking.autoscaling.enabled=true',
        'booking.autoscaling.minReplicas=5',
        'booking.autoscaling.maxReplicas=3',
      ],
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('booking.autoscaling: minReplicas (5) is above maxReplicas (3)');
  });

  it('scales on CPU, and on the extra metrics a service is given beside it (docs/scaling.md)', () => {
    const { objects } = render({ values: [productionValues] });
    const metricsOf = (name: string) =>
      byKind(objects, 'HorizontalPodAutoscaler').find((h) => component(h) === name)!.spec.metrics as Array<{
        type: string;
        resource?: { name: string };
        external?: { metric: { name: string; selector: { matchLabels: Record<string, string> } } };
      }>;
    const dispatcher = metricsOf('webhook-dispatcher');
    expect(dispatcher.map((m) => m.type)).toEqual(['Resource', 'External']);
    expect(dispatcher[0]!.resource!.name).toBe('cpu');
    expect(dispatcher[1]!.external!.metric.name).toBe('kafka_consumer_lag');
    expect(dispatcher[1]!.external!.metric.selector.matchLabels.group).toBe('webhook-dispatcher');
    // A service given none scales on CPU alone.
    expect(metricsOf('booking').map((m) => m.type)).toEqual(['Resource']);
    const refused = helmTemplate({
      set: ['booking.autoscaling.enabled=true', 'booking.autoscaling.extraMetrics[0].type=Queue'],
    });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('/booking/autoscaling/extraMetrics/0/type');
  });

  it.each(Object.entries(valueSets))(
    'gives each service (%s values) the settings its own config schema accepts, pointing at the rendered Services',
    (_name, values) => {
      const { objects } = render({ values });
      const services = byKind(objects, 'Service');
      for (const deployment of byKind(objects, 'Deployment')) {
        const app = component(deployment);
        const c = container(deployment);
        const configMap = byKind(objects, 'ConfigMap').find((o) => o.metadata.name === c.envFrom[0].configMapRef.name);
        expect(configMap, app).toBeDefined();
        const env: Record<string, string> = { ...configMap!.data };
        for (const e of c.env as Array<{
          name: string;
          valueFrom: { secretKeyRef: { key: string; optional?: boolean } };
        }>) {
          // An optional key (a rotation's previous key, Google's client) is still one the app reads.
          if (e.valueFrom.secretKeyRef.optional) {
            expect(Object.keys(apps[app]!.shape), `${app} does not read ${e.name}`).toContain(e.name);
            continue;
          }
          expect(secretValues, `${app} reads ${e.valueFrom.secretKeyRef.key}`).toHaveProperty(
            e.valueFrom.secretKeyRef.key,
          );
          env[e.name] = secretValues[e.valueFrom.secretKeyRef.key]!;
        }
        const schema = apps[app]!;
        // Nothing misspelt or meant for another app: every setting is one the app reads.
        for (const key of Object.keys(env)) {
          if (!outsideAppSchemas(key)) expect(Object.keys(schema.shape), `${app} does not read ${key}`).toContain(key);
        }
        // The distributed profile's required settings are all there and valid.
        const config = loadConfig(schema, env) as Record<string, unknown>;
        expect(config.PROFILE).toBe('distributed');
        expect(env.OTEL_SERVICE_NAME).toBe(app);
        const port = app === 'gateway' ? config.PORT : config.GRPC_PORT;
        expect(c.ports[0].containerPort, app).toBe(port);
        // Each *_GRPC_ADDR names a rendered Service and one of its ports.
        for (const [key, target] of Object.entries(addressSetting)) {
          if (env[key] === undefined) continue;
          const [host, addrPort] = env[key].split(':');
          const service = services.find((s) => s.metadata.name === host);
          expect(service && component(service), `${app} ${key}`).toBe(target);
          expect(service!.spec.ports.map((p: { port: number }) => String(p.port))).toContain(addrPort);
        }
      }
    },
  );

  it.each(Object.entries(valueSets))('lets only the callers reach each service (%s values)', (_name, values) => {
    const { objects } = render({ values });
    for (const policy of byKind(objects, 'NetworkPolicy')) {
      const app = component(policy);
      const rules = policy.spec.ingress as Array<{
        ports: Array<{ port: string }>;
        from?: Array<Record<string, unknown>>;
      }>;
      expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      if (app === 'gateway') {
        const http = rules.find((r) => r.ports[0]!.port === 'http')!;
        expect(http.from === undefined || values.length > 0, 'the gateway takes traffic from outside').toBe(true);
        continue;
      }
      const grpc = rules.filter((r) => r.ports.some((p) => p.port === 'grpc'));
      expect(grpc).toHaveLength(1);
      const fromPods = grpc[0]!.from!.flatMap((peer) => {
        const labels = (peer.podSelector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels;
        return labels?.['app.kubernetes.io/instance'] === 'bp' ? [labels['app.kubernetes.io/component']!] : [];
      });
      expect(fromPods.sort(), `${app} callers`).toEqual(callersOf(app));
      // No other rule opens the gRPC port.
      expect(rules.every((r) => r.ports.every((p) => p.port !== 'grpc') || r === grpc[0])).toBe(true);
      // Egress to the internet is the dispatcher's (webhook receivers), integrations' (CalDAV
      // servers, Google) and the notifications' (the SMTP relay, the SMS API) alone.
      const open = JSON.stringify(policy.spec.egress).includes('0.0.0.0/0');
      expect(open, `${app} egress to the internet`).toBe(
        ['webhook-dispatcher', 'integrations', 'notifications'].includes(app),
      );
    }
  });

  it.each(Object.entries(valueSets))(
    'runs hardened pods that drain before they are killed (%s values)',
    (_name, values) => {
      const { objects } = render({ values });
      for (const deployment of byKind(objects, 'Deployment')) {
        const app = component(deployment);
        const pod = deployment.spec.template.spec;
        const c = container(deployment);
        expect(pod.securityContext, app).toMatchObject({
          runAsNonRoot: true,
          seccompProfile: { type: 'RuntimeDefault' },
        });
        expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
        expect(pod.automountServiceAccountToken).toBe(false);
        expect(c.securityContext, app).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(c.resources.requests.memory).toBeDefined();
        expect(c.resources.limits.memory).toBeDefined();
        // Kubernetes waits preStop + SHUTDOWN_GRACE_MS + the process's own 5 s hard limit, and more.
        const configMap = byKind(objects, 'ConfigMap').find((o) => component(o) === app)!;
        const preStop = c.lifecycle.preStop.sleep.seconds as number;
        expect(preStop).toBeGreaterThan(0);
        const drain = Number(configMap.data!.SHUTDOWN_GRACE_MS) / 1000;
        expect(pod.terminationGracePeriodSeconds, app).toBeGreaterThan(preStop + drain + 5);
        if (app === 'gateway') {
          expect(c.readinessProbe.httpGet).toMatchObject({ path: '/health', port: 'http' });
        } else {
          // Native gRPC probes of grpc.health.v1 on the service's own port.
          expect(c.readinessProbe.grpc.port).toBe(c.ports[0].containerPort);
          expect(c.startupProbe.grpc.port).toBe(c.ports[0].containerPort);
          expect(c.ports.find((p: { name: string }) => p.name === 'metrics').containerPort).toBe(
            Number(configMap.data!.METRICS_PORT),
          );
        }
      }
    },
  );

  it('scrapes each Service on a port it has (ServiceMonitor), and leaves replicas to the autoscaler', () => {
    const { objects } = render({ values: [productionValues] });
    const services = byKind(objects, 'Service');
    for (const monitor of byKind(objects, 'ServiceMonitor')) {
      const service = services.find((s) => component(s) === component(monitor))!;
      expect(monitor.spec.selector.matchLabels).toEqual(service.spec.selector);
      const portNames = service.spec.ports.map((p: { name: string }) => p.name);
      expect(portNames).toContain(monitor.spec.endpoints[0].port);
      expect(monitor.spec.endpoints[0].path).toBe('/metrics');
    }
    for (const hpa of byKind(objects, 'HorizontalPodAutoscaler')) {
      const deployment = byKind(objects, 'Deployment').find((d) => d.metadata.name === hpa.spec.scaleTargetRef.name)!;
      expect(deployment.spec.replicas, 'an HPA owns the replica count').toBeUndefined();
    }
    expect(byKind(render().objects, 'ServiceMonitor')).toHaveLength(0);
  });
});
