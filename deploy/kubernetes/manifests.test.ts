/**
 * The Kubernetes manifests of this folder, offline:
 * - each object against Kubernetes' OpenAPI schemas (kubernetes-models: the API's own schemas
 *   compiled to validators; types, formats such as quantities, required fields, enums);
 * - what the schemas cannot know: probes on /api/health and /api/ready at a declared port, the
 *   512Mi memory limit, a non-root, read-only, capability-free container matching the image's
 *   user (deploy/containers/Containerfile), the data volume on /data (an emptyDir) and the
 *   in-memory emptyDirs for Next.js's cache and /tmp, a grace period longer than preStop and
 *   the shutdown deadline, the optional `metrics` port kept out of the Service and bound beyond
 *   loopback (METRICS_HOST), and the Service, PodDisruptionBudget, HorizontalPodAutoscaler and
 *   NetworkPolicy all aimed at the Deployment's pods; the ConfigMap and env read by the app's own
 *   configuration check (lib/config.ts) as a pod would;
 * - the test of the test: broken copies of the manifests are refused, by the schemas and by the checks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { IIngress, INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type { IConfigMap, IService } from 'kubernetes-models/v1';
import { parseConfig } from '@/lib/config';

const DIR = path.dirname(fileURLToPath(import.meta.url));
const CONTAINERFILE = readFileSync(path.join(DIR, '../containers/Containerfile'), 'utf8');

/** What the broken copies are made of: off-schema on purpose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test of the test writes values no type allows
type Loose = any;

/** A manifest as parsed from YAML: any object with apiVersion and kind. */
type Manifest = Record<string, unknown> & { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown } };

/** The model of each kind this folder may hold; anything else is refused. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
};

/** The schema's verdict on one object: the problems (empty when valid). */
export function schemaProblems(manifest: Manifest): string[] {
  const key = `${String(manifest.apiVersion)}/${String(manifest.kind)}`;
  const Model = MODELS[key];
  if (!Model) return [`${key}: not a kind this folder holds`];
  try {
    new Model(structuredClone(manifest) as never).validate();
    return [];
  } catch (error) {
    return [`${key} ${String(manifest.metadata?.name)}: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/** Every document of every YAML file here but the kustomization, by file. */
function readManifests(): { file: string; manifest: Manifest }[] {
  return readdirSync(DIR)
    .filter((file) => /\.ya?ml$/.test(file) && file !== 'kustomization.yaml')
    .sort()
    .flatMap((file) =>
      parseAllDocuments(readFileSync(path.join(DIR, file), 'utf8')).map((document) => {
        if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((e) => e.message).join('; ')}`);
        return { file, manifest: document.toJS() as Manifest };
      }),
    );
}

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/**
 * What the schemas cannot check, across the objects: the problems (empty when all is well).
 * `manifests` are this folder's objects, one of each kind.
 */
export function policyProblems(manifests: Manifest[]): string[] {
  const problems: string[] = [];
  const need = (ok: unknown, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const one = <T>(kind: string) => manifests.filter((m) => m.kind === kind) as unknown as T[];
  const [deployment] = one<IDeployment>('Deployment');
  const [service] = one<IService>('Service');
  const [pdb] = one<IPodDisruptionBudget>('PodDisruptionBudget');
  const [hpa] = one<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler');
  const [policy] = one<INetworkPolicy>('NetworkPolicy');
  const [configMap] = one<IConfigMap>('ConfigMap');
  const [ingress] = one<IIngress>('Ingress');
  if (!deployment || !service || !pdb || !hpa || !policy || !configMap || !ingress) {
    return Object.entries({ deployment, service, pdb, hpa, policy, configMap, ingress }).flatMap(([kind, object]) =>
      object ? [] : [`no ${kind}`],
    );
  }

  const pod = deployment.spec?.template.spec;
  const labels = deployment.spec?.template.metadata?.labels;
  need(matches(deployment.spec?.selector.matchLabels, labels), 'the Deployment selects its own pods');
  const containers = pod?.containers ?? [];
  need(containers.length === 1, 'the pod has one container');
  const [container] = containers;
  if (!pod || !container) return [...problems, 'no pod template or container'];
  const ports = container.ports ?? [];
  const portOf = (port: number | string | undefined) => ports.find((p) => p.name === port || p.containerPort === port);

  // Probes: liveness on /api/health, readiness on /api/ready, at a port the container declares.
  const probe = (name: 'livenessProbe' | 'readinessProbe' | 'startupProbe', pathName: string, required = true) => {
    const get = container[name]?.httpGet;
    if (!get && !required) return;
    need(get?.path === pathName && portOf(get?.port), `${name}: GET ${pathName} on a declared port`);
  };
  probe('livenessProbe', '/api/health');
  probe('readinessProbe', '/api/ready');
  probe('startupProbe', '/api/health', false);
  need(portOf('http')?.containerPort === 3000, 'a port named http on 3000 (the image’s PORT)');
  need(portOf('metrics'), 'the optional metrics port, named metrics');
  const env = Object.fromEntries((container.env ?? []).filter((e) => e.value !== undefined).map((e) => [e.name, e.value as string]));
  need(env.METRICS_PORT === undefined || Number(env.METRICS_PORT) === portOf('metrics')?.containerPort, 'METRICS_PORT is the metrics port');
  // Prometheus scrapes the pod's IP: the app's default address (loopback) would answer no one.
  const metricsHost = env.METRICS_HOST ?? configMap.data?.METRICS_HOST;
  need(
    env.METRICS_PORT === undefined || (metricsHost !== undefined && !/^(?:127\.|::1$|localhost$)/i.test(metricsHost)),
    'METRICS_HOST binds the metrics port beyond loopback (Prometheus scrapes the pod’s IP)',
  );

  // Resources and security.
  need(container.resources?.limits?.memory === '512Mi', 'a memory limit of 512Mi');
  need(container.resources?.requests?.cpu && container.resources?.requests?.memory, 'cpu and memory requests');
  const [, imageUser, imageGroup] = /^USER (\d+):(\d+)$/m.exec(CONTAINERFILE) ?? [];
  const podSecurity = pod.securityContext;
  const securityContext = container.securityContext;
  need(podSecurity?.runAsNonRoot === true && securityContext?.runAsNonRoot !== false, 'runAsNonRoot');
  need(
    String(podSecurity?.runAsUser) === imageUser && String(podSecurity?.runAsGroup) === imageGroup,
    `runAsUser/runAsGroup are the image’s user ${imageUser}:${imageGroup}`,
  );
  need(String(podSecurity?.fsGroup) === imageGroup, 'fsGroup is the image’s group (the data volume is writable)');
  need(securityContext?.readOnlyRootFilesystem === true, 'readOnlyRootFilesystem');
  need(securityContext?.allowPrivilegeEscalation === false, 'allowPrivilegeEscalation: false');
  need(
    securityContext?.capabilities?.drop?.includes('ALL') && !(securityContext.capabilities.add ?? []).length,
    'every capability dropped',
  );
  need(pod.automountServiceAccountToken === false, 'no service account token in the pod');

  // Volumes: the data volume on /data, memory emptyDirs for Next.js's cache and /tmp.
  const volumeAt = (mountPath: string) => {
    const mount = container.volumeMounts?.find((m) => m.mountPath === mountPath);
    return mount && !mount.readOnly ? pod.volumes?.find((v) => v.name === mount.name) : undefined;
  };
  const data = volumeAt('/data');
  need(data?.emptyDir || data?.persistentVolumeClaim, 'a writable data volume (emptyDir or PVC) on /data');
  need(/^VOLUME \/data$/m.test(CONTAINERFILE), 'the image declares /data as its volume');
  need((env.SANDBOX_DATA_DIR ?? '/data/sandbox').startsWith('/data/'), 'SANDBOX_DATA_DIR is on the data volume');
  for (const mountPath of ['/app/.next/cache', '/tmp']) {
    const volume = volumeAt(mountPath);
    need(volume?.emptyDir?.medium === 'Memory' && volume.emptyDir.sizeLimit, `${mountPath}: a writable emptyDir in memory, bounded`);
  }

  // SIGTERM: the grace period covers preStop and the app's shutdown deadline.
  const preStopSeconds = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
  const deadlineSeconds = Number(env.SHUTDOWN_DEADLINE_MS ?? 10_000) / 1000;
  need(
    (pod.terminationGracePeriodSeconds ?? 30) > preStopSeconds + deadlineSeconds,
    `terminationGracePeriodSeconds over preStop (${preStopSeconds} s) + SHUTDOWN_DEADLINE_MS (${deadlineSeconds} s)`,
  );

  // The objects around the Deployment aim at its pods.
  need(matches(service.spec?.selector, labels), 'the Service selects the pods');
  need(
    (service.spec?.ports ?? []).length > 0 && (service.spec?.ports ?? []).every((p) => portOf(p.targetPort)?.name === 'http'),
    'the Service sends to the http port only (never metrics)',
  );
  need(matches(pdb.spec?.selector?.matchLabels, labels), 'the PodDisruptionBudget selects the pods');
  const target = hpa.spec?.scaleTargetRef;
  need(
    target?.kind === 'Deployment' && target.apiVersion === 'apps/v1' && target.name === deployment.metadata?.name,
    'the HorizontalPodAutoscaler scales the Deployment',
  );
  const minReplicas = hpa.spec?.minReplicas ?? 1;
  need(minReplicas >= 2 && (hpa.spec?.maxReplicas ?? 0) >= minReplicas, 'the autoscaler keeps 2 replicas at least');
  const minAvailable = pdb.spec?.minAvailable;
  need(typeof minAvailable === 'number' && minAvailable < minReplicas, 'the PodDisruptionBudget leaves a pod to evict');
  need(matches(policy.spec?.podSelector.matchLabels, labels), 'the NetworkPolicy selects the pods');
  need(
    policy.spec?.policyTypes?.includes('Ingress') && policy.spec.policyTypes.includes('Egress'),
    'the NetworkPolicy fences both directions',
  );
  const pagesRules = (policy.spec?.ingress ?? []).filter((rule) => (rule.ports ?? []).some((p) => portOf(p.port)?.name === 'http'));
  need(pagesRules.length > 0, 'the NetworkPolicy lets the pages in');
  // The Ingress controller is the only way in: with TRUSTED_PROXY_HOPS=1, a client reaching a pod
  // directly would choose its own address through X-Forwarded-For.
  need(
    pagesRules.every(
      (rule) =>
        (rule.from ?? []).length > 0 &&
        (rule.from ?? []).every((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] && !peer.ipBlock),
    ),
    'the pages are admitted from the Ingress controller’s namespace only',
  );

  // The Ingress: to the Service's http port, the host of CHECKOUT_URL, a body limit above the
  // server actions' 100 KB, the event stream held open and not buffered.
  const annotations = ingress.metadata?.annotations ?? {};
  const backends = (ingress.spec?.rules ?? []).flatMap((rule) => (rule.http?.paths ?? []).map((p) => p.backend.service));
  need(
    backends.length > 0 &&
      backends.every(
        (backend) =>
          backend !== undefined &&
          backend.name === service.metadata?.name &&
          (service.spec?.ports ?? []).some((p) => p.name === backend.port?.name || p.port === backend.port?.number),
      ),
    'the Ingress sends to the Service’s port',
  );
  const publicHost = configMap.data?.CHECKOUT_URL ? new URL(configMap.data.CHECKOUT_URL).hostname : undefined;
  need(
    (ingress.spec?.rules ?? []).every((rule) => rule.host === publicHost),
    'the Ingress serves CHECKOUT_URL’s host',
  );
  const bodySize = /^(\d+)([km])$/i.exec(annotations['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '');
  need(bodySize && Number(bodySize[1]) * (bodySize[2]?.toLowerCase() === 'm' ? 1024 : 1) >= 100, 'a body limit of 100 KB at least');
  need(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']) >= 300, 'the event stream held open (proxy-read-timeout)');
  need(annotations['nginx.ingress.kubernetes.io/proxy-buffering'] === 'off', 'server-sent events not buffered');
  need(configMap.data?.TRUSTED_PROXY_HOPS === '1', 'TRUSTED_PROXY_HOPS is 1 behind the Ingress controller');

  // The app's own configuration check accepts what a pod gets (secrets as placeholders).
  const secrets = Object.fromEntries(
    (container.env ?? [])
      .filter((e) => e.valueFrom?.secretKeyRef)
      .map((e) => [e.name, e.name.endsWith('_URL') ? 'postgres://checkout@postgres:5432/checkout' : 'ab'.repeat(32)]),
  );
  try {
    parseConfig({ ...configMap.data, ...env, ...secrets });
  } catch (error) {
    problems.push(`the app refuses the pod’s configuration: ${error instanceof Error ? error.message : String(error)}`);
  }
  const fromConfigMap = (container.envFrom ?? []).some((e) => e.configMapRef?.name === configMap.metadata?.name);
  need(fromConfigMap, 'the pod reads the ConfigMap');
  return problems;
}

describe('deploy/kubernetes', () => {
  const manifests = readManifests();

  it('holds the Deployment, Service, Ingress, PodDisruptionBudget, HorizontalPodAutoscaler, NetworkPolicy and ConfigMap, all in the kustomization', () => {
    expect(manifests.map(({ manifest }) => manifest.kind).sort()).toEqual(
      ['ConfigMap', 'Deployment', 'HorizontalPodAutoscaler', 'Ingress', 'NetworkPolicy', 'PodDisruptionBudget', 'Service'].sort(),
    );
    const kustomization = parseAllDocuments(readFileSync(path.join(DIR, 'kustomization.yaml'), 'utf8'))[0]?.toJS() as {
      resources: string[];
    };
    expect([...kustomization.resources].sort()).toEqual([...new Set(manifests.map(({ file }) => file))].sort());
  });

  it.each(manifests.map(({ file, manifest }) => [`${file}: ${String(manifest.kind)}`, manifest] as const))(
    '%s is valid against the Kubernetes schema',
    (_name, manifest) => {
      expect(schemaProblems(manifest)).toEqual([]);
    },
  );

  it('passes the checks the schemas cannot make', () => {
    expect(policyProblems(manifests.map(({ manifest }) => manifest))).toEqual([]);
  });

  describe('the test of the test', () => {
    const deployment = manifests.find(({ manifest }) => manifest.kind === 'Deployment')!.manifest;
    /** A copy of the Deployment with `change` made to its container, pod or itself. */
    const broken = (change: (container: Loose, pod: Loose, copy: Loose) => void): Manifest => {
      const copy = structuredClone(deployment) as Loose;
      change(copy.spec.template.spec.containers[0], copy.spec.template.spec, copy);
      return copy;
    };

    it.each([
      ['a memory limit that is no quantity', (c: Loose) => (c.resources.limits.memory = '512 megs')],
      ['a probe without a port', (c: Loose) => delete c.livenessProbe.httpGet.port],
      ['a port that is no number', (c: Loose) => (c.ports[0].containerPort = 'three thousand')],
      ['a grace period that is no number', (_c: Loose, pod: Loose) => (pod.terminationGracePeriodSeconds = 'soon')],
      ['a volume size that is no quantity', (_c: Loose, pod: Loose) => (pod.volumes[0] = { name: 'data', emptyDir: { sizeLimit: 'big' } })],
      ['readOnlyRootFilesystem as text', (c: Loose) => (c.securityContext.readOnlyRootFilesystem = 'yes')],
    ])('the schema refuses %s', (_name, change) => {
      expect(schemaProblems(broken(change))).not.toEqual([]);
    });

    it('the schema refuses a Deployment without a selector, and an unknown kind', () => {
      const copy = structuredClone(deployment) as Loose;
      delete copy.spec.selector;
      expect(schemaProblems(copy)).not.toEqual([]);
      expect(schemaProblems({ ...deployment, kind: 'Deploymnet' })).not.toEqual([]);
    });

    const others = manifests.map(({ manifest }) => manifest).filter((m) => m.kind !== 'Deployment');
    it.each([
      ['a writable root file system', (c: Loose) => (c.securityContext.readOnlyRootFilesystem = false)],
      ['a memory limit of 1Gi', (c: Loose) => (c.resources.limits.memory = '1Gi')],
      ['liveness on /api/ready', (c: Loose) => (c.livenessProbe.httpGet.path = '/api/ready')],
      ['readiness on a port it does not declare', (c: Loose) => (c.readinessProbe.httpGet.port = 'web')],
      ['root', (_c: Loose, pod: Loose) => (pod.securityContext.runAsUser = 0)],
      ['no data volume', (c: Loose) => (c.volumeMounts = c.volumeMounts.filter((m: Loose) => m.mountPath !== '/data'))],
      ['Next.js’s cache on disk', (_c: Loose, pod: Loose) => (pod.volumes.find((v: Loose) => v.name === 'next-cache').emptyDir = {})],
      ['a grace period shorter than the shutdown deadline', (_c: Loose, pod: Loose) => (pod.terminationGracePeriodSeconds = 10)],
      [
        'other labels on the pods',
        (_c: Loose, _pod: Loose, copy: Loose) =>
          (copy.spec.selector.matchLabels = copy.spec.template.metadata.labels = { 'app.kubernetes.io/name': 'other' }),
      ],
      ['a configuration the app refuses', (c: Loose) => c.env.push({ name: 'SHUTDOWN_DEADLINE_MS', value: '10s' })],
      ['the metrics on loopback only (the app’s default)', (c: Loose) => (c.env = c.env.filter((e: Loose) => e.name !== 'METRICS_HOST'))],
      ['the metrics bound to 127.0.0.1', (c: Loose) => (c.env.find((e: Loose) => e.name === 'METRICS_HOST').value = '127.0.0.1')],
    ])('the checks refuse %s', (_name, change) => {
      expect(policyProblems([broken(change), ...others])).not.toEqual([]);
    });

    it('the checks refuse a Service that also sends to the metrics port', () => {
      const service = structuredClone(others.find((m) => m.kind === 'Service')) as Loose;
      service.spec.ports.push({ name: 'metrics', port: 9464, targetPort: 'metrics' });
      expect(policyProblems([deployment, service, ...others.filter((m) => m.kind !== 'Service')])).not.toEqual([]);
    });

    /** The other objects with one of `kind` changed by `change`. */
    const withChanged = (kind: string, change: (copy: Loose) => void) => {
      const copy = structuredClone(others.find((m) => m.kind === kind)) as Loose;
      change(copy);
      return [deployment, copy, ...others.filter((m) => m.kind !== kind)];
    };

    it.each([
      ['the pages admitted from anywhere', 'NetworkPolicy', (p: Loose) => delete p.spec.ingress[0].from],
      [
        'the pages admitted from an address block',
        'NetworkPolicy',
        (p: Loose) => (p.spec.ingress[0].from = [{ ipBlock: { cidr: '0.0.0.0/0' } }]),
      ],
      [
        'an Ingress that buffers the event stream',
        'Ingress',
        (i: Loose) => (i.metadata.annotations['nginx.ingress.kubernetes.io/proxy-buffering'] = 'on'),
      ],
      [
        'an Ingress whose body limit is under the actions’ 100 KB',
        'Ingress',
        (i: Loose) => (i.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size'] = '1k'),
      ],
      ['an Ingress to another Service', 'Ingress', (i: Loose) => (i.spec.rules[0].http.paths[0].backend.service.name = 'other')],
      ['an Ingress for another host than CHECKOUT_URL’s', 'Ingress', (i: Loose) => (i.spec.rules[0].host = 'elsewhere.example')],
      ['no trusted proxy hop behind the Ingress', 'ConfigMap', (c: Loose) => (c.data.TRUSTED_PROXY_HOPS = '0')],
    ])('the checks refuse %s', (_name, kind, change) => {
      expect(policyProblems(withChanged(kind, change))).not.toEqual([]);
    });
  });
});
