import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ValidationError } from '@stormline/domain/errors';
import * as z from 'zod/mini';
import { Id } from './schemas';
import {
  annotationElement,
  MAX_ANNOTATION_ELEMENT_CHARS,
  MAX_ANNOTATION_TEXT,
  MAX_COMMAND_ANNOTATIONS,
  MAX_COORDINATE,
  MAX_PAGE,
  MAX_POINTS,
  MAX_TITLE,
  MAX_XFDF_COMMAND_CHARS,
  UNKNOWN_ANNOTATION_ACTION,
  XFDF_KINDS,
  type Point,
  type XfdfAnnotation,
  type XfdfCommand,
  type XfdfKind,
} from './xfdf';

/**
 * Reading XFDF (the writing and the model are ./xfdf.ts): the annotation command the viewer sends
 * over the socket, checked element by element, and a document's file as GET /api/xfdf answers it.
 * Only the socket's 'xfdf' action and the viewer load this module and its XML parser.
 */

/** The annotation command of spec 001 §3, as the viewer sends it over the socket ('xfdf'). */
export const AnnotationCommand = z.strictObject({
  isCommand: z.literal(true),
  /** The document's id; the server names the stored annotations by their own names. */
  key: Id,
  xfdfValue: z
    .string({ error: 'The annotation command is required' })
    .check(
      z.minLength(1, UNKNOWN_ANNOTATION_ACTION),
      z.maxLength(MAX_XFDF_COMMAND_CHARS, 'The annotation command is too large'),
    ),
  projectId: z.optional(z.nullable(Id)),
  uploadId: Id,
});
export type AnnotationCommand = z.infer<typeof AnnotationCommand>;

const refuse = (detail?: string): never => {
  throw new ValidationError(detail ? `${UNKNOWN_ANNOTATION_ACTION}: ${detail}` : UNKNOWN_ANNOTATION_ACTION);
};

/** fast-xml-parser's ordered output: `{ tag: children, ':@': attributes }` or `{ '#text': text }`. */
type OrderedNode = Record<string, unknown>;

interface XmlElement {
  tag: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

let parser: XMLParser | undefined;
const xmlParser = () =>
  (parser ??= new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: 8,
    // References are decoded here (decodeReferences), numeric ones too, in one pass.
    processEntities: false,
  }));

const XML_NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const REFERENCE = /&(?:([a-zA-Z]+)|#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6}));|&/g;

/** A code point XML 1.0 allows in a document (its `Char` production). */
const xmlChar = (c: number) =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

/**
 * The five XML entities and numeric character references (`&#65;`, `&#x42;`) decoded, once: a
 * `&amp;#65;` stays the text `&#65;`. Any other `&` (an entity no DTD could define here, a bare
 * ampersand, a reference to a character XML does not allow) is refused.
 */
function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, named?: string, decimal?: string, hexadecimal?: string) => {
    if (named !== undefined) {
      const value = XML_NAMED[named];
      if (value === undefined) refuse(`the entity &${named}; is not allowed`);
      return value!;
    }
    if (decimal === undefined && hexadecimal === undefined) refuse('a bare & is not allowed');
    const code = decimal !== undefined ? Number(decimal) : parseInt(hexadecimal!, 16);
    if (!xmlChar(code)) refuse(`${whole} is not a character XML allows`);
    return String.fromCodePoint(code);
  });
}

function toElement(node: OrderedNode): XmlElement | null {
  const tag = Object.keys(node).find((k) => k !== ':@');
  if (!tag || tag === '#text') return null;
  const raw = node[tag] as OrderedNode[];
  const children: XmlElement[] = [];
  let text = '';
  for (const child of raw) {
    if ('#text' in child) text += decodeReferences(String(child['#text']));
    else {
      const element = toElement(child);
      if (element) children.push(element);
    }
  }
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries((node[':@'] as Record<string, string> | undefined) ?? {}))
    attributes[key] = decodeReferences(String(value));
  return { tag, attributes, children, text };
}

function parseXml(xml: string): XmlElement[] {
  // No DTDs: no entity of the sender's own making is ever expanded.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) refuse('a document type is not allowed');
  if (XMLValidator.validate(xml) !== true) refuse('the XFDF is not well-formed XML');
  let nodes: OrderedNode[];
  try {
    nodes = xmlParser().parse(xml) as OrderedNode[];
  } catch {
    // The parser refuses names such as constructor or __proto__ with a plain Error: a 400, not a 500.
    return refuse('the XFDF is not well-formed XML');
  }
  return nodes.map(toElement).filter((e): e is XmlElement => e !== null);
}

function finite(text: string, what: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || Math.abs(n) > MAX_COORDINATE)
    refuse(`${what} is not a number`);
  return n;
}

function numberList(text: string, what: string): number[] {
  return text.split(',').map((part) => finite(part, what));
}

function pointList(text: string, what: string): Point[] {
  const list = text
    .trim()
    .split(';')
    .map((pair) => {
      const xy = numberList(pair, what);
      if (xy.length !== 2) refuse(`${what} is not a list of points`);
      return [xy[0]!, xy[1]!] as const;
    });
  if (list.length > MAX_POINTS) refuse(`${what} has too many points`);
  return list;
}

const COLOUR = /^#[0-9A-Fa-f]{6}$/;
const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const PDF_DATE = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/;
const APPEARANCE = /^\s*[\d.]+\s+[\d.]+\s+[\d.]+\s+rg\s+\/\w+\s+([\d.]+)\s+Tf\s*$/;

const ATTRIBUTES = new Set([
  'page',
  'rect',
  'name',
  'title',
  'date',
  'creationdate',
  'color',
  'interior-color',
  'opacity',
  'width',
  'flags',
  'subject',
  'start',
  'end',
  'coords',
]);
const CHILDREN = new Set(['contents', 'defaultappearance', 'vertices', 'inklist']);

function colour(value: string | undefined, what: string): string | null {
  if (value === undefined) return null;
  if (!COLOUR.test(value)) refuse(`${what} is not a colour`);
  return value.toUpperCase();
}

function isoOf(value: string | undefined): string | null {
  if (value === undefined) return null;
  const m = PDF_DATE.exec(value);
  if (!m) refuse('the date is not a PDF date');
  const iso = `${m![1]}-${m![2]}-${m![3]}T${m![4]}:${m![5]}:${m![6]}.000Z`;
  if (Number.isNaN(Date.parse(iso))) refuse('the date is not a PDF date');
  return iso;
}

function annotationOf(element: XmlElement): XfdfAnnotation {
  const kind = element.tag as XfdfKind;
  if (!XFDF_KINDS.includes(kind)) refuse(`<${element.tag}> is not an annotation this viewer draws`);
  const at = element.attributes;
  for (const key of Object.keys(at))
    if (!ATTRIBUTES.has(key)) refuse(`${kind} has an unknown attribute ${key}`);
  for (const child of element.children)
    if (!CHILDREN.has(child.tag)) refuse(`${kind} has an unknown element <${child.tag}>`);
  const child = (tag: string) => element.children.find((c) => c.tag === tag);

  const name = at.name ?? '';
  if (!NAME.test(name)) refuse('an annotation needs a name of letters, digits, - and _');
  const page = Number(at.page);
  if (!Number.isInteger(page) || page < 0 || page > MAX_PAGE) refuse('the page is not valid');
  const rect = numberList(at.rect ?? '', 'the rect');
  if (rect.length !== 4) refuse('the rect needs four numbers');
  const title = (at.title ?? '').trim();
  if (title.length > MAX_TITLE) refuse('the title is too long');
  const opacity = at.opacity === undefined ? null : finite(at.opacity, 'the opacity');
  if (opacity !== null && (opacity < 0 || opacity > 1)) refuse('the opacity is not between 0 and 1');
  const width = at.width === undefined ? null : finite(at.width, 'the width');
  if (width !== null && (width < 0 || width > 100)) refuse('the width is not between 0 and 100');
  const contents = child('contents')?.text ?? null;
  if (contents !== null && contents.length > MAX_ANNOTATION_TEXT) refuse('the text is too long');

  const annotation: XfdfAnnotation = {
    kind,
    name,
    page,
    rect: [rect[0]!, rect[1]!, rect[2]!, rect[3]!],
    title,
    date: isoOf(at.date),
    color: colour(at.color, 'the colour'),
    interiorColor: colour(at['interior-color'], 'the fill colour'),
    opacity,
    width,
    contents,
    fontSize: null,
    start: null,
    end: null,
    vertices: null,
    gestures: null,
    coords: null,
  };
  if (kind === 'line') {
    const [start] = pointList(at.start ?? '', 'the start');
    const [end] = pointList(at.end ?? '', 'the end');
    return { ...annotation, start: start!, end: end! };
  }
  if (kind === 'polygon') {
    const vertices = pointList(child('vertices')?.text ?? '', 'the vertices');
    if (vertices.length < 3) refuse('a polygon needs three corners');
    return { ...annotation, vertices };
  }
  if (kind === 'ink') {
    const gestures = (child('inklist')?.children ?? []).map((g) => {
      if (g.tag !== 'gesture') refuse(`ink has an unknown element <${g.tag}>`);
      return pointList(g.text, 'a stroke');
    });
    if (gestures.length === 0) refuse('an ink drawing needs a stroke');
    if (gestures.reduce((n, g) => n + g.length, 0) > MAX_POINTS)
      refuse('the ink drawing has too many points');
    return { ...annotation, gestures };
  }
  if (kind === 'highlight') {
    const coords = numberList(at.coords ?? '', 'the coords');
    if (coords.length === 0 || coords.length % 8 !== 0) refuse('a highlight needs quads of eight numbers');
    return { ...annotation, coords };
  }
  if (kind === 'freetext') {
    const appearance = child('defaultappearance')?.text;
    const size = appearance === undefined ? null : APPEARANCE.exec(appearance);
    if (appearance !== undefined && !size) refuse('the text appearance is not valid');
    const fontSize = size ? finite(size[1]!, 'the font size') : 12;
    if (fontSize < 4 || fontSize > 144) refuse('the font size is not between 4 and 144');
    return { ...annotation, fontSize };
  }
  return annotation;
}

/** The root <xfdf> of a text, or the refusal. */
function rootOf(xml: string): XmlElement {
  const roots = parseXml(xml);
  if (roots.length !== 1 || roots[0]!.tag !== 'xfdf') refuse('the root element must be <xfdf>');
  return roots[0]!;
}

/**
 * Reads an annotation command: only <add> and <modify> of the annotation elements above and
 * <delete> of <id>s. Anything else, or an annotation out of bounds, is refused with
 * 'Unknown annotation action' (a 400), before anything is stored.
 */
export function parseXfdfCommand(xml: string): XfdfCommand {
  const root = rootOf(xml);
  const command: XfdfCommand = { add: [], modify: [], delete: [] };
  const seen = new Set<string>();
  const once = (name: string) => {
    if (seen.has(name)) refuse(`the annotation ${name} appears twice`);
    seen.add(name);
  };
  for (const part of root.children) {
    if (part.tag === 'add' || part.tag === 'modify') {
      for (const element of part.children) {
        const annotation = annotationOf(element);
        once(annotation.name);
        if (annotationElement(annotation).length > MAX_ANNOTATION_ELEMENT_CHARS)
          refuse(`the annotation ${annotation.name} is too large`);
        command[part.tag].push(annotation);
      }
    } else if (part.tag === 'delete') {
      for (const id of part.children) {
        if (id.tag !== 'id') refuse(`<delete> holds <${id.tag}>`);
        const name = id.text.trim();
        if (!NAME.test(name)) refuse('an annotation id is not valid');
        once(name);
        command.delete.push(name);
      }
    } else refuse(`<${part.tag}> is not add, modify or delete`);
  }
  const total = command.add.length + command.modify.length + command.delete.length;
  if (total === 0) refuse('the command changes nothing');
  if (total > MAX_COMMAND_ANNOTATIONS)
    refuse(`a command changes at most ${MAX_COMMAND_ANNOTATIONS} annotations`);
  return command;
}

/** Reads a document's XFDF (GET /api/xfdf): the annotations in <annots>, in order. */
export function parseXfdfDocument(xml: string): XfdfAnnotation[] {
  const root = rootOf(xml);
  const annots = root.children.find((c) => c.tag === 'annots');
  return (annots?.children ?? []).map(annotationOf);
}
