/** `react-dom/client` in the public pages' build (vite.config.ts, react.ts): roots keep React's useId prefix. */
import { createElement, type ComponentChildren } from 'preact';
import { hydrateRoot as preactHydrateRoot } from 'preact/compat/client';
import { IdentifierPrefix } from './react';

export { createRoot } from 'preact/compat/client';

export function hydrateRoot(
  container: Element,
  children: ComponentChildren,
  options?: { identifierPrefix?: string | undefined },
) {
  return preactHydrateRoot(
    container,
    createElement(IdentifierPrefix.Provider, { value: options?.identifierPrefix ?? '' }, children),
  );
}
