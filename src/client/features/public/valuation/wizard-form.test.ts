import { describe, expect, it } from 'vitest';
import { contactStepSchema, valuationStepSchemas } from '~/shared/valuation';
import { loadValuationSchemas, STEP_COUNT, stepSchema } from './wizard-form';

describe('stepSchema', () => {
  it('checks each step with the shared schema of that step, in the shared order', async () => {
    expect(valuationStepSchemas).toHaveLength(STEP_COUNT);
    for (const [step, schema] of valuationStepSchemas.entries()) expect(await stepSchema(step)).toBe(schema);
    expect(await stepSchema(STEP_COUNT - 1)).toBe(contactStepSchema);
  });

  it('loads ~/shared/valuation once', async () => {
    expect(await loadValuationSchemas()).toBe(await loadValuationSchemas());
  });
});
