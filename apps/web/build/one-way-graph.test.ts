import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
/** The rules `npm run lint` holds the web app to (issue 23). */
const rules = require('../../../.dependency-cruiser.cjs') as { forbidden: ICruiseOptions['ruleSet'] } & {
  options: ICruiseOptions;
};
const fixture = fileURLToPath(new URL('./fixtures/one-way/', import.meta.url));

async function violationsIn(baseDir: string): Promise<string[]> {
  const result = await cruise(['apps/web/src'], {
    ...rules.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: rules.forbidden } as ICruiseOptions['ruleSet'],
  });
  const output = result.output as Exclude<typeof result.output, string>;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('the web app’s one-way graph', () => {
  it('refuses a feature importing the shell, and an import circle (fixture)', async () => {
    const violations = await violationsIn(fixture);
    expect(violations).toContain(
      'nothing-imports-a-shell: apps/web/src/features/shop/routes/ShopPage.ts → apps/web/src/app/route-table.ts',
    );
    expect(violations.some((v) => v.startsWith('no-circle: apps/web/src/lib/circle-'))).toBe(true);
  });
});
