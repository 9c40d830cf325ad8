import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import { safeName } from './pdf-job';

/**
 * Finds anything in a PDF that runs, acts on its own or carries another file: JavaScript, actions
 * other than following a link, additional actions (/AA, run on opening a page or touching a
 * field), embedded and attached files, XFA forms, rich media. Every indirect object pdf-lib parsed
 * is looked at (object streams' contents included, which pdf-lib unpacks), not only those reachable
 * from the pages: an object nothing points at today can be pointed at by an edit tomorrow, and a
 * viewer that repairs the file may find it.
 *
 * Actions are allowed by name, not refused by name: /GoTo (a place in the same document) and /URI
 * (a web link: lenders' settlement letters carry them, and we keep them, as long as they are web,
 * mail or phone links). Every other action type, known today or added by a later PDF version, is
 * refused, since what we cannot name we cannot judge.
 */

const ALLOWED_ACTIONS = new Set(['GoTo', 'URI']);

/**
 * Action types by name, for an action dictionary found on its own (not as the value of /A, /Next or
 * /OpenAction): /S means other things in other dictionaries (a border's style, a page label's
 * numbering, a transparency group), and none of those values is one of these.
 */
const ACTION_TYPES = new Set([
  'GoToR',
  'GoToE',
  'GoTo3DView',
  'Launch',
  'Thread',
  'Sound',
  'Movie',
  'Hide',
  'Named',
  'SubmitForm',
  'ResetForm',
  'ImportData',
  'JavaScript',
  'ECMAScript',
  'SetOCGState',
  'Rendition',
  'Trans',
  'RichMediaExecute',
]);

/** Keys whose presence alone is refused. */
const REFUSED_KEYS = new Map([
  ['JS', 'JavaScript (/JS)'],
  ['JavaScript', 'a /JavaScript name tree'],
  ['AA', 'additional actions (/AA)'],
  ['EmbeddedFiles', 'embedded files (/EmbeddedFiles)'],
  ['EmbeddedFile', 'an embedded file (/EmbeddedFile)'],
  ['EF', 'a file specification with an embedded file (/EF)'],
  ['XFA', 'an XFA form (/XFA)'],
]);

/** Annotation and object subtypes that play, attach or run something. */
const REFUSED_SUBTYPES = new Set(['FileAttachment', 'Sound', 'Movie', 'Screen', 'RichMedia', '3D']);

/** Web, mail and phone links; a link with any other scheme (javascript:, file:, data:) is refused. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** What active content the document holds, as a line for the log (e.g. `/Launch action in object 7 0 R`); undefined if none. */
export function findActiveContent(context: PDFContext): string | undefined {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    const found = inspectObject(object, context);
    if (found) return `${found} in object ${ref.toString()}`;
  }
  return undefined;
}

/**
 * Looks at an object and every direct object inside it (not following references: each indirect
 * object is looked at on its own). A stack, not recursion: nesting depth is the file's choice.
 */
function inspectObject(root: PDFObject, context: PDFContext): string | undefined {
  const stack: PDFObject[] = [root];
  for (let object = stack.pop(); object !== undefined; object = stack.pop()) {
    const dict = object instanceof PDFStream ? object.dict : object;
    if (dict instanceof PDFDict) {
      const found = inspectDict(dict, context);
      if (found) return found;
      stack.push(...dict.entries().map(([, value]) => value));
    } else if (dict instanceof PDFArray) {
      stack.push(...dict.asArray());
    }
  }
  return undefined;
}

function inspectDict(dict: PDFDict, context: PDFContext): string | undefined {
  for (const [key, value] of dict.entries()) {
    const name = nameText(key);
    const refused = REFUSED_KEYS.get(name);
    if (refused) return refused;
    if (name.startsWith('RichMedia')) return 'rich media';
    if (name === 'OpenAction' && !isDestination(context.lookup(value))) return 'an /OpenAction action';
    if (name === 'A' || name === 'Next') {
      const found = linkedActions(value, context).map(actionProblem).find(Boolean);
      if (found) return found;
    }
  }
  return typedDictProblem(dict);
}

/** Problems told by the dictionary's own /Type, /Subtype and /S. */
function typedDictProblem(dict: PDFDict): string | undefined {
  const type = nameValue(dict.get(PDFName.of('Type')));
  const subtype = nameValue(dict.get(PDFName.of('Subtype')));
  const action = nameValue(dict.get(PDFName.of('S')));
  if (type === 'EmbeddedFile') return 'an embedded file';
  if (type?.startsWith('RichMedia') || subtype?.startsWith('RichMedia')) return 'rich media';
  if (subtype && REFUSED_SUBTYPES.has(subtype)) return `a /${subtype} object`;
  if (type === 'Action' || (action && (ACTION_TYPES.has(action) || action === 'URI'))) return actionProblem(dict);
  return undefined;
}

/** An action dictionary's problem: a type other than GoTo and URI, or a link that is not a web link. */
function actionProblem(action: PDFDict): string | undefined {
  const type = nameValue(action.get(PDFName.of('S')));
  if (type === undefined) return action.has(PDFName.of('Type')) ? 'an action of no type' : undefined;
  if (!ALLOWED_ACTIONS.has(type)) return `/${safeName(type)} action`;
  if (type !== 'URI') return undefined;
  const uri = action.get(PDFName.of('URI'));
  const target = uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText() : '';
  // Viewers ignore spaces and control characters in a scheme: so do we, before reading it.
  const squeezed = [...target].filter((char) => char.charCodeAt(0) > 0x20 && !/\s/.test(char)).join('');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(squeezed)?.[1]?.toLowerCase();
  return scheme && !LINK_SCHEMES.has(scheme) ? `a link with scheme ${safeName(scheme)}:` : undefined;
}

/** The action dictionaries an /A or /Next holds (/Next may be one action or an array of them). */
function linkedActions(value: PDFObject, context: PDFContext): PDFDict[] {
  const resolved = context.lookup(value);
  const items = resolved instanceof PDFArray ? resolved.asArray().map((item) => context.lookup(item)) : [resolved];
  return items.filter((item): item is PDFDict => item instanceof PDFDict);
}

/** An /OpenAction that only opens at a place (an explicit or named destination), or is empty. */
function isDestination(value: PDFObject | undefined): boolean {
  return !(value instanceof PDFDict || value instanceof PDFStream || value instanceof PDFRef);
}

function nameValue(value: PDFObject | undefined): string | undefined {
  return value instanceof PDFName ? nameText(value) : undefined;
}

/**
 * A name as viewers read it. pdf-lib decodes `#xx` escapes only in upper case, so `/#4aavaScript`
 * would stay unrecognised while a viewer reads /JavaScript: decode the rest here.
 */
function nameText(name: PDFName): string {
  return name.decodeText().replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
