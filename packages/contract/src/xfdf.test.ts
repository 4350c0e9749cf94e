import { describe, expect, it } from 'vitest';
import { annotationElement, xfdfCommand, xfdfDocument, type XfdfAnnotation } from './xfdf';
import { AnnotationCommand, parseXfdfCommand, parseXfdfDocument } from './xfdf-read';

const base: XfdfAnnotation = {
  kind: 'square',
  name: 'a1',
  page: 0,
  rect: [10, 20, 110, 70],
  title: 'Ada Admin',
  date: '2026-03-04T05:06:07.000Z',
  color: '#E44234',
  interiorColor: null,
  opacity: 1,
  width: 2,
  contents: null,
  fontSize: null,
  start: null,
  end: null,
  vertices: null,
  gestures: null,
  coords: null,
};

const samples: XfdfAnnotation[] = [
  base,
  { ...base, kind: 'circle', name: 'c1', interiorColor: '#00FF00', opacity: 0.5 },
  { ...base, kind: 'line', name: 'l1', start: [10, 20], end: [110, 70] },
  {
    ...base,
    kind: 'polygon',
    name: 'p1',
    vertices: [
      [10, 20],
      [50, 70],
      [110, 20],
    ],
  },
  {
    ...base,
    kind: 'ink',
    name: 'i1',
    gestures: [
      [
        [10, 20],
        [11.5, 21.25],
      ],
      [
        [30, 40],
        [31, 41],
      ],
    ],
  },
  { ...base, kind: 'freetext', name: 'f1', contents: 'Silt fence <here> & "there"', fontSize: 14 },
  { ...base, kind: 'highlight', name: 'h1', color: '#FFCD45', coords: [10, 70, 110, 70, 10, 20, 110, 20] },
];

describe('XFDF annotations', () => {
  it('reads back every kind the viewer draws exactly as it was written', () => {
    const command = { add: samples.slice(0, 4), modify: samples.slice(4), delete: ['gone-1'] };
    const xml = xfdfCommand({
      add: command.add.map(annotationElement),
      modify: command.modify.map(annotationElement),
      delete: command.delete,
    });
    expect(parseXfdfCommand(xml)).toEqual(command);
  });

  it('composes stored elements into one document that reads back', () => {
    expect(parseXfdfDocument(xfdfDocument(samples.map(annotationElement)))).toEqual(samples);
  });

  it('escapes text, so a free text cannot close its element', () => {
    const element = annotationElement({ ...samples[5]!, contents: '</contents><script/>' });
    expect(element).toContain('&lt;/contents&gt;&lt;script/&gt;');
    expect(parseXfdfDocument(xfdfDocument([element]))[0]!.contents).toBe('</contents><script/>');
  });

  it('decodes numeric character references once, in text and attributes', () => {
    const element = annotationElement({ ...samples[5]!, contents: 'x' }).replace(
      '<contents>x</contents>',
      '<contents>Silt &#102;ence &#x2014; &#128679; &amp;#65; &lt;</contents>',
    );
    const [read] = parseXfdfDocument(
      xfdfDocument([element.replace('title="Ada Admin"', 'title="Ad&#97; Admin"')]),
    );
    expect(read!.contents).toBe('Silt fence \u2014 \u{1F6A7} &#65; <');
    expect(read!.title).toBe('Ada Admin');
  });

  it('reads an annotation without a title as untitled, for the server to leave unsaved (spec 001 §5)', () => {
    const element = annotationElement({ ...base, title: '' });
    expect(parseXfdfDocument(xfdfDocument([element]))[0]!.title).toBe('');
  });
});

describe('an unknown annotation action is refused', () => {
  const wrap = (body: string) => `<xfdf xmlns="http://ns.adobe.com/xfdf/">${body}</xfdf>`;
  const square = annotationElement(base);
  const refused = (xml: string) => expect(() => parseXfdfCommand(xml)).toThrow(/^Unknown annotation action/);

  it('refuses actions other than add, modify and delete', () => {
    refused(wrap(`<replace>${square}</replace>`));
    refused(wrap(`<fields/>`));
  });

  it('refuses elements the viewer does not draw', () => {
    refused(wrap(`<add><stamp page="0" rect="0,0,1,1" name="s1" title="A"/></add>`));
    refused(wrap(`<add><fileattachment page="0" rect="0,0,1,1" name="s1" title="A"/></add>`));
  });

  it('refuses unknown attributes, children, broken XML, DTDs and another root', () => {
    refused(wrap(`<add>${square.replace('<square ', '<square onclick="x" ')}</add>`));
    refused(wrap(`<add><square page="0" rect="0,0,1,1" name="s1" title="A"><popup/></square></add>`));
    refused(wrap(`<add>${square}`));
    refused(`<!DOCTYPE x [<!ENTITY e "boom">]>${wrap(`<add>${square}</add>`)}`);
    refused(`<svg>${square}</svg>`);
    refused('not xml at all');
  });

  it('refuses names the parser keeps out (constructor, __proto__) as malformed, not with a crash', () => {
    refused(wrap(`<add>${square.replace('<square ', '<square constructor="x" ')}</add>`));
    refused(wrap(`<add>${square.replace('<square ', '<square __proto__="x" ')}</add>`));
    refused(wrap(`<add><__proto__ page="0"/></add>`));
    refused(wrap(`<constructor/>`));
  });

  it('refuses entities XML does not define, bare ampersands and references to characters XML forbids', () => {
    const withText = (text: string) =>
      wrap(`<add>${annotationElement({ ...samples[5]!, contents: 'x' }).replace('>x<', `>${text}<`)}</add>`);
    refused(withText('&nbsp;'));
    refused(withText('fish & chips'));
    refused(withText('&#0;'));
    refused(withText('&#xD800;'));
    expect(parseXfdfCommand(withText('&#65;')).add[0]!.contents).toBe('A');
  });

  it('refuses values out of bounds', () => {
    refused(wrap(`<add>${square.replace('page="0"', 'page="-1"')}</add>`));
    refused(wrap(`<add>${square.replace('name="a1"', 'name="a#1"')}</add>`));
    refused(wrap(`<add>${square.replace('rect="10,20,110,70"', 'rect="10,20,1e9,70"')}</add>`));
    refused(wrap(`<add>${square.replace('color="#E44234"', 'color="red"')}</add>`));
    refused(wrap(`<delete><id>a b</id></delete>`));
    refused(wrap(`<add>${square}${square}</add>`));
    refused(wrap(''));
  });

  it('refuses a command with too many annotations', () => {
    const many = Array.from({ length: 51 }, (_, i) => annotationElement({ ...base, name: `n${i}` })).join('');
    refused(wrap(`<add>${many}</add>`));
  });
});

describe('the annotation command (spec 001 §3)', () => {
  it('takes isCommand, key, xfdfValue, projectId and uploadId, and nothing else', () => {
    const command = {
      isCommand: true,
      key: 'doc-1',
      xfdfValue: '<xfdf/>',
      projectId: null,
      uploadId: 'doc-1',
    };
    expect(AnnotationCommand.safeParse(command).success).toBe(true);
    expect(AnnotationCommand.safeParse({ ...command, extra: 1 }).success).toBe(false);
    expect(AnnotationCommand.safeParse({ ...command, uploadId: '../x' }).success).toBe(false);
  });
});
