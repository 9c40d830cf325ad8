import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects it to (issue 31): before its "@" and before
 * each dot (and after a hyphen, as any text does), not in the middle of a word. Only a part wider
 * than its whole column is broken inside (overflow-wrap: anywhere, the last resort), so a long
 * address never pushes a list out of shape.
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className="wrap-anywhere">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
