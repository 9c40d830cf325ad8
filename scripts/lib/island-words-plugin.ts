import type { Plugin } from 'vite';
import { ISLAND_WORDS_FILE } from '../../src/client/island-wake.ts';
import { SELECTOR_WORDS } from '../../src/server/render/selector-words.ts';

/**
 * The words of the code each public island may run, by island (issue 33). A kept public page
 * carries only the rules of the public stylesheet its markup names (src/server/render/critical-css.ts);
 * the states its islands move to later (the wizard's next step) name classes its markup does not
 * have yet, so the page keeps the rules these words name too. Only our own modules count (src/):
 * an island's module and everything it imports, at once or later, other islands' modules included
 * (the reviews board shows the carousel, whose module is an island's too: its waiting and failed
 * states name classes the server's HTML never has). Written to dist/client/.vite/island-words.json
 * and read by the server at start-up (render/production-source.ts).
 */
export function islandWords(src: string, islandNames: readonly string[]): Plugin {
  const code = new Map<string, string>();
  const islandModules = new Map<string, string>(islandNames.map((name) => [`${src}/client/${name}.tsx`, name]));
  const ours = (id: string) => id.startsWith(`${src}/`) && !id.includes('/node_modules/');
  return {
    name: 'island-words',
    apply: 'build',
    // The browser's build only: the server-rendering one has no islands to load.
    applyToEnvironment: (environment) => environment.name === 'client',
    transform: {
      order: 'post',
      handler(text, id) {
        if (ours(id)) code.set(id, text);
        return null;
      },
    },
    generateBundle() {
      const words: Record<string, string> = {};
      for (const [entry, name] of islandModules) {
        const seen = new Set<string>();
        const found = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || !ours(id)) return;
          seen.add(id);
          for (const word of code.get(id)?.match(SELECTOR_WORDS) ?? []) found.add(word);
          const info = this.getModuleInfo(id);
          for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) visit(next);
        };
        visit(entry);
        if (seen.size === 0) this.error(`island-words: no module ${entry} for the island "${name}"`);
        words[name] = [...found].sort().join(' ');
      }
      this.emitFile({ type: 'asset', fileName: ISLAND_WORDS_FILE, source: JSON.stringify(words) });
    },
  };
}
