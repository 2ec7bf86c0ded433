/**
 * The houses' fences hold as lint rules (eslint.config.mjs, FENCES): a forbidden import planted in
 * each package fails lint with the message that says where the code belongs, and an allowed one
 * passes. Linted as text at a path inside each package, so nothing is written.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The no-restricted-imports messages of `code` linted as the file `filePath`. */
async function fenceMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the package fences', { timeout: 60_000 }, () => {
  it('the sandbox may not import the product, and says where the code belongs', async () => {
    for (const code of [
      "import { logger } from '@/lib/planted-log';\nexport const x = logger;\n",
      "import { x } from '../../../lib/checkout/shared/x';\nexport const y = x;\n",
      "import { Thing } from '../../components/card/card-form';\nexport const y = Thing;\n",
    ]) {
      const messages = await fenceMessages(code, 'packages/sandbox/service/core/planted.ts');
      expect(messages, code).toHaveLength(1);
      expect(messages[0]).toContain('The sandbox imports nothing of the product');
      expect(messages[0]).toContain('@hosted-checkout/contract');
    }
    expect(
      await fenceMessages(
        "import { money } from '@hosted-checkout/contract/money';\nexport const x = money;\n",
        'packages/sandbox/service/core/planted.ts',
      ),
    ).toEqual([]);
    // Its own folders by its alias, whatever their names: a page of its routes/ imports its components/.
    expect(
      await fenceMessages(
        "import { BankShell } from '@sandbox/components/bank/planted-shell';\nexport const x = BankShell;\n",
        'packages/sandbox/routes/bank/planted.tsx',
      ),
    ).toEqual([]);
  });

  it('the contract may not import a framework, I/O, the runtime, the sandbox or the product', async () => {
    for (const specifier of ['react', 'next/headers', 'node:fs', '@hosted-checkout/runtime/log', '@sandbox/db/client', '@/lib/config']) {
      const messages = await fenceMessages(`import x from '${specifier}';\nexport const y = x;\n`, 'packages/contract/src/planted.ts');
      expect(messages, specifier).toHaveLength(1);
      expect(messages[0]).toContain('The contract has no framework and no I/O');
    }
    expect(await fenceMessages("import { z } from 'zod';\nexport const y = z;\n", 'packages/contract/src/planted.ts')).toEqual([]);
  });

  it('the runtime may not import the product or the sandbox', async () => {
    for (const specifier of ['@/lib/checkout/shared/holding', '@sandbox/service/worker', 'next/server']) {
      const messages = await fenceMessages(`import x from '${specifier}';\nexport const y = x;\n`, 'packages/runtime/src/planted.ts');
      expect(messages, specifier).toHaveLength(1);
      expect(messages[0]).toContain('The runtime is the server plumbing both houses run on');
    }
  });
});
