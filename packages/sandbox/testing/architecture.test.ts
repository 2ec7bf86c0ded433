/**
 * The sandbox's structure holds, read from its source files (packages/sandbox/testing/layers.ts):
 * service/'s layers, no import circle, and no import of the product; then the check itself on a
 * made-up tree.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { circlesOf, graphOf, sourceFiles } from '@hosted-checkout/runtime/testing/import-graph';
import { serviceLayerViolations } from './layers';

const PROJECT = path.resolve(__dirname, '..', '..', '..');
const PACKAGE = path.join(PROJECT, 'packages', 'sandbox');
const SERVICE = path.join(PACKAGE, 'service');
const PRODUCT = ['lib', 'components', 'app'].map((folder) => path.join(PROJECT, folder));
const files = sourceFiles(PACKAGE);
// The product's files are in the graph so that an import of one is seen (and refused).
const graph = graphOf([...files, ...PRODUCT.flatMap((folder) => sourceFiles(folder, true))], PROJECT);
const rel = (file: string) => path.relative(PROJECT, file);

describe("the sandbox's architecture", () => {
  it('imports nothing of a higher service layer from a lower one, and every service folder has a rank', () => {
    const { up, unranked } = serviceLayerViolations(graph, SERVICE, PROJECT);
    expect(unranked, 'service folders without a rank (testing/layers.ts, SERVICE_RANKS)').toEqual([]);
    expect(up).toEqual([]);
  });

  it('has no import circle', () => {
    const own = new Map([...graph].filter(([file]) => file.startsWith(PACKAGE + path.sep)));
    expect(circlesOf(own).map((circle) => circle.map(rel))).toEqual([]);
  });

  it('imports nothing of the product, tests included', () => {
    const withTests = graphOf([...sourceFiles(PACKAGE, true), ...PRODUCT.flatMap((folder) => sourceFiles(folder, true))], PROJECT);
    const wrong = [...withTests]
      .filter(([file]) => file.startsWith(PACKAGE + path.sep))
      .flatMap(([file, targets]) =>
        targets.filter((target) => !target.startsWith(PACKAGE + path.sep)).map((target) => `${rel(file)} → ${rel(target)}`),
      );
    expect(wrong).toEqual([]);
  });

  it('the layer check refuses an import up a layer and across siblings', () => {
    const at = (folder: string) => path.join(SERVICE, folder, 'x.ts');
    const made = new Map([
      [at('core'), [at('cashier')]],
      [at('payins'), [at('payouts')]],
      [at('cashier'), [at('core'), at('payins')]],
      [at('mystery'), []],
    ]);
    const { up, unranked } = serviceLayerViolations(made, SERVICE, PROJECT);
    expect(up).toEqual([
      'packages/sandbox/service/core/x.ts → packages/sandbox/service/cashier/x.ts',
      'packages/sandbox/service/payins/x.ts → packages/sandbox/service/payouts/x.ts',
    ]);
    expect(unranked).toEqual(['mystery']);
  });
});
