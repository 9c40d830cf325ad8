import { describe, expect, it } from 'vitest';
import { contactStepSchema, valuationStepSchemas } from '~/shared/valuation';
import { loadFieldSchemas, loadOnce, loadValuationSchemas, STEP_COUNT, stepSchema } from './wizard-form';

describe('stepSchema', () => {
  it('checks each step with the shared schema of that step, in the shared order', async () => {
    expect(valuationStepSchemas).toHaveLength(STEP_COUNT);
    for (const [step, schema] of valuationStepSchemas.entries()) expect(await stepSchema(step)).toBe(schema);
    expect(await stepSchema(STEP_COUNT - 1)).toBe(contactStepSchema);
  });

  it('loads ~/shared/valuation-fields and ~/shared/valuation once each', async () => {
    expect(await loadFieldSchemas()).toBe(await loadFieldSchemas());
    expect(await loadValuationSchemas()).toBe(await loadValuationSchemas());
  });
});

describe('loadOnce', () => {
  it('keeps what loaded, and tries again after a failure', async () => {
    const answers = [Promise.reject(new Error('offline')), Promise.resolve('module')];
    let calls = 0;
    const load = loadOnce(() => answers[calls++]!);
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toBe('module');
    expect(await load()).toBe('module');
    expect(calls).toBe(2);
  });
});
