import type { TestProject } from 'vitest/node';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One real stack for the whole browser suite, with the extra clients the specs need. */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  // A desktop-only client: the h5 app must refuse it without a merchant code (spec §8).
  await stack.admin('client:create', '--tenant', '1', '--client-no', 'desk', '--name', 'Desk', '--platform', 'pc');
  project.provide('baseUrl', stack.baseUrl);
  return () => stack.stop();
}
