/**
 * `react` in the public pages' build (vite.config.ts): preact/compat, with React's useId prefix.
 *
 * Several islands share a page, each a root of its own; Preact's useId numbers each root from the
 * same start, so two registration boxes would both have the id "P0-0". React takes an
 * `identifierPrefix` for each root (island.tsx gives each island one): here the roots made by
 * react-dom-client.ts and react-dom-server.ts put it in this context, and useId puts it first.
 */
import compat, { createContext, useContext, useId as preactUseId } from 'preact/compat';

// @ts-expect-error -- preact/compat's types say `export =`, but the module it is built from is ESM with named exports.
export * from 'preact/compat';

export const IdentifierPrefix = createContext('');

export function useId(): string {
  return useContext(IdentifierPrefix) + preactUseId();
}

export default { ...compat, useId };
