/** Text matched literally inside a regular expression built from it (a route's path, a page's path). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
