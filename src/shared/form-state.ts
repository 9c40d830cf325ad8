/**
 * A public form as the server sends it back after a post without JavaScript that it did not accept
 * (issue 31; src/server/render/page-forms.ts): what was typed in each field, the first message
 * for each field that needs one, and why nothing was sent. The page renders the form with it.
 */
export type PlainFormState<F extends string> = {
  values: Record<F, string>;
  errors: Partial<Record<F, string>>;
  failure: string;
};
