import type { TestProject } from 'vitest/node';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Unused activation codes of the demo tenant's "Standard · 3d" package, for purchase and for renewal. */
    purchaseCodes: string[];
    renewalCodes: string[];
  }
}

/** One real stack for the whole browser suite, with the extra clients the specs need. */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  // A desktop-only client: the h5 app must refuse it without a merchant code (spec §8).
  await stack.admin('client:create', '--tenant', '1', '--client-no', 'desk', '--name', 'Desk', '--platform', 'pc');
  project.provide('baseUrl', stack.baseUrl);
  const codes = async (usage: 'buy' | 'renew') =>
    (await stack.admin('codes:generate', '--client-no', 'demo', '--package-id', '2', '--usage', usage, '--count', '5'))
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0] ?? '');
  project.provide('purchaseCodes', await codes('buy'));
  project.provide('renewalCodes', await codes('renew'));
  return () => stack.stop();
}
