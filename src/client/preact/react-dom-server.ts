/** `react-dom/server` in the server's island renderer (vite.config.ts, react.ts): React's useId prefix kept. */
import { createElement, type ComponentChildren } from 'preact';
import { renderToString as preactRenderToString } from 'preact-render-to-string';
import { IdentifierPrefix } from './react';

export function renderToString(children: ComponentChildren, options?: { identifierPrefix?: string | undefined }) {
  return preactRenderToString(
    createElement(IdentifierPrefix.Provider, { value: options?.identifierPrefix ?? '' }, children),
  );
}
