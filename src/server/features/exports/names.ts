import { makeName, modelName } from '~/shared/vehicle-names';

/**
 * Make and model as the back office shows them ("FORD" → "Ford"), remembered: a file repeats a
 * few hundred makes and models over its rows, and spelling one out costs more than looking it up.
 */
function remembered(spell: (text: string) => string): (text: string | null) => string | null {
  const known = new Map<string, string>();
  return (text) => {
    if (!text) return null;
    let spelt = known.get(text);
    if (spelt === undefined) {
      spelt = spell(text);
      // Bounded: free-typed models could be many.
      if (known.size >= 10_000) known.clear();
      known.set(text, spelt);
    }
    return spelt;
  };
}

export const makeCell = remembered(makeName);
export const modelCell = remembered(modelName);
