import { describe, expect, it } from 'vitest';
import type { Question, QuestionGroup } from '@stormline/domain/template-model';
import { defaultMapSymbol } from '@stormline/domain/map-symbol';
import { assetUrl } from '../html';
import { inspectionCover } from './cover';
import { findingsSection, type PrintFinding } from './findings';
import { addressLine, printDate, printDateTime, printInstant, printTime } from './format';
import { photoFigure, photoSvg, quarterTurn } from './photo';
import { answerText, questionnaireSection } from './questionnaire';
import { DOES_NOT_VERIFY_TEXT, signaturesSection, VERIFIES_TEXT } from './signatures';
import { mapLegend, mapOrientation, mapSvg, type PrintFeature } from './site-map';

const EVIL = `<script>alert("x")</script><img src="https://evil.example/x">`;

function question(id: string, type: Question['question_type_id'], more: Partial<Question> = {}): Question {
  return {
    id,
    input_label: `Label ${id}`,
    description: null,
    question_type_id: type,
    sort_order: 0,
    questionWidth: 100,
    required: false,
    features: [],
    options: [],
    ...more,
  };
}

const option = (id: string, name: string, child_questions: Question[] = []) => ({
  id,
  name,
  description: null,
  child_questions,
});

describe('dates in reports', () => {
  it('writes MM-DD-YYYY, 12-hour times, and instants in the project zone', () => {
    expect(printDate('2026-03-02')).toBe('03-02-2026');
    expect(printTime('00:15')).toBe('12:15 AM');
    expect(printTime('13:45')).toBe('1:45 PM');
    expect(printDateTime('2026-03-02T09:30')).toBe('03-02-2026 9:30 AM');
    // 01:30 UTC on 3 March is still 2 March in Denver.
    expect(printInstant('America/Denver', '2026-03-03T01:30:00.000Z')).toBe('03-02-2026 6:30 PM');
    expect(
      addressLine({ street_1: '1 Main St', city: 'Boulder', state_id: 'CO', country_id: null, zip: '80301' }),
    ).toBe('1 Main St, Boulder, CO 80301');
    expect(
      addressLine({
        street_1: null,
        city: 'Glasgow',
        state_id: null,
        country_id: 'scotland',
        zip: 'G40 4LA',
      }),
    ).toBe('Glasgow, Scotland G40 4LA');
  });
});

describe('the questionnaire as answered', () => {
  const select = question('s', 'select', { options: [option('o1', 'Gravel'), option('o2', 'Mulch')] });
  it('words every answer type as the inspector chose it', () => {
    expect(answerText(select, 'o2')).toBe('Mulch');
    expect(
      answerText(question('m', 'multiselect', { options: [option('a', 'A'), option('b', 'B')] }), ['a', 'b']),
    ).toBe('A, B');
    expect(answerText(question('b', 'boolean'), false)).toBe('No');
    expect(answerText(question('c', 'single_checkbox'), true)).toBe('Yes');
    expect(answerText(question('n', 'boolean_na'), 'na')).toBe('N/A');
    expect(answerText(question('d', 'date'), '2026-03-02')).toBe('03-02-2026');
    expect(answerText(question('dt', 'datetime'), '2026-03-02T14:00')).toBe('03-02-2026 2:00 PM');
    expect(answerText(question('t', 'time'), '07:15')).toBe('7:15 AM');
    expect(answerText(question('num', 'number'), 0)).toBe('0');
    expect(answerText(question('f', 'finding_array'), ['f1', 'gone'], new Map([['f1', 'CA #1, Gate']]))).toBe(
      'CA #1, Gate; Removed finding',
    );
    expect(answerText(question('x', 'text'), '')).toBeNull();
  });

  it('keeps typed text as text, shows child questions only under a chosen option, and lays out TABLE groups', () => {
    const child = question('child', 'text', { input_label: 'Which inlet?' });
    const parent = question('p', 'radio_group', {
      options: [option('yes', 'Yes', [child]), option('no', 'No', [question('hidden', 'text')])],
    });
    const groups: QuestionGroup[] = [
      {
        id: 'g1',
        name: `Group ${EVIL}`,
        layout_type: 'FORM',
        order: 1,
        description: null,
        table_headers: [],
        questions: [parent, question('txt', 'textarea')],
      },
      {
        id: 'g2',
        name: 'Controls',
        layout_type: 'TABLE',
        order: 2,
        description: null,
        table_headers: ['Control', 'Working?'],
        questions: [question('row', 'boolean', { input_label: 'Silt fence' })],
      },
    ];
    const out = questionnaireSection({
      version: { question_groups: groups },
      answers: { p: 'yes', child: 'North inlet', txt: EVIL, row: true },
      comments: { txt: `comment ${EVIL}` },
      findingLabels: new Map(),
    }).text;
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(out).toContain('Which inlet?');
    expect(out).toContain('North inlet');
    expect(out).not.toContain('Label hidden');
    expect(out).toMatch(/<th>Control<\/th>\s*<th>Working\?<\/th>\s*<th>Comment<\/th>/);
    expect(out).toContain('Silt fence');
    expect(out.indexOf('Group')).toBeLessThan(out.indexOf('Controls'));
  });
});

describe('findings and photos', () => {
  const finding: PrintFinding = {
    number: 3,
    typeCode: 'CA',
    typeName: 'Corrective Action',
    color: '" onload="x',
    location: `Gate ${EVIL}`,
    date_initiated: '2026-03-02',
    date_completed: null,
    condition: null,
    controlMeasure: 'Silt Fence',
    comments: null,
    carriedOver: false,
    photos: [
      {
        name: 'p.jpg',
        key: 'findings/f1/print.jpg',
        width: 4000,
        height: 3000,
        rotation: 90,
        annotations: [{ kind: 'text', x: 10, y: 10, text: EVIL, color: 'red;x' }],
      },
    ],
  };

  it('prints each finding with escaped values and a figure per photo', () => {
    const out = findingsSection([finding]).text;
    expect(out).toContain('CA #3');
    expect(out).toContain('Open');
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('onload="x');
    expect(out.match(/<figure/g)).toHaveLength(1);
    expect(out).toContain(assetUrl('findings/f1/print.jpg'));
  });

  it('turns a photo in quarter turns: a sideways photo takes the turned shape', () => {
    expect(quarterTurn(-90)).toBe(270);
    expect(quarterTurn(450)).toBe(90);
    const svg = photoSvg(finding.photos![0]!).text;
    expect(svg).toContain('viewBox="0 0 3000 4000"');
    expect(svg).toContain('rotate(90)');
    expect(svg).toContain('fill="#E03131"'); // a colour that is not #rrggbb is not written
    expect(svg).not.toContain('<script>');
  });

  it('draws marks as the app does (x, y their centre) and caps the height a findings page gives it', () => {
    const photo = {
      ...finding.photos![0]!,
      rotation: 0,
      annotations: [{ kind: 'rectangle', x: 100, y: 60, width: 40, height: 20, color: '#FF0000' }],
    };
    const out = photoFigure(photo, { caption: 'Finding 3, photo 1: p.jpg', maxHeightMm: 66 }).text;
    expect(out).toMatch(/<rect\s+x="80"\s+y="50"\s+width="40"\s+height="20"\s+stroke="#FF0000"/);
    expect(out).toContain('style="max-height: 66mm"');
    expect(out).toContain('<figcaption>Finding 3, photo 1: p.jpg</figcaption>');
    expect(photoFigure(photo).text).not.toContain('style=');
  });
});

describe('the cover and the signatures', () => {
  it('names the project, permit number and inspection, with the logo as an asset', () => {
    const out = inspectionCover({
      projectName: `Site ${EVIL}`,
      permittee: 'Acme',
      clientName: 'Client',
      cgpTrackingId: 'CGP-1',
      address: '1 Main St',
      inspectionNumber: 8,
      date: '03-02-2026 9:30 AM',
      type: 'Routine',
      inspector: null,
      templateName: 'Routine',
      status: 'In progress',
      logoKey: 'templates/t1/logo.png',
      printed: '03-03-2026 8:00 AM by Avery Admin',
    }).text;
    expect(out).toContain('03-03-2026 8:00 AM by Avery Admin');
    expect(out).toContain('CGP-1');
    expect(out).toContain('Not assigned');
    expect(out).toContain(`src="${assetUrl('templates/t1/logo.png')}"`);
    expect(out).not.toContain('<script>');
  });

  it('prints the attestation as signed and whether each signature still verifies', () => {
    const base = {
      group: 'inspection' as const,
      lineLabel: 'Inspector',
      userName: 'Ines Carter',
      role: 'Inspector',
      position: null,
      date: '2026-03-02',
      signedAt: '2026-03-02T16:00:00.000Z',
      attestation: `I certify ${EVIL}`,
    };
    const out = signaturesSection(
      [
        { ...base, verifies: true },
        { ...base, group: 'compliance', verifies: false },
      ],
      'America/Denver',
    ).text;
    expect(out).toContain(VERIFIES_TEXT);
    expect(out).toContain(DOES_NOT_VERIFY_TEXT);
    expect(out).toContain('03-02-2026 9:00 AM');
    expect(out).not.toContain('<script>');
    expect(signaturesSection([], 'UTC').text).toContain('has not been signed');
  });
});

describe('a site map page', () => {
  const features: PrintFeature[] = [
    {
      type: 'control_measure',
      position_x: 0,
      position_y: 0,
      geometry: {
        type: 'line',
        points: [
          [100, 100],
          [900, 100],
        ],
      },
      source: {
        id: 'l1',
        name: `Fence ${EVIL}`,
        color: null,
        map_symbol: defaultMapSymbol('control_measure'),
        detail: null,
        deleted: false,
      },
    },
    {
      type: 'findings',
      position_x: 500,
      position_y: 400,
      geometry: { type: 'point' },
      source: { id: 'f1', name: 'CA #4', color: '#E03131', map_symbol: null, detail: 'Gate', deleted: false },
    },
    {
      type: 'commentables',
      position_x: 200,
      position_y: 200,
      geometry: { type: 'text', text: EVIL },
      source: { id: 'n1', name: 'Notice', color: null, map_symbol: null, detail: EVIL, deleted: false },
    },
  ];
  const page = { name: 'Plan', page: 1, imageKey: 'site-maps/u/c/page-0001.png', width: 2000, height: 1000 };

  it('draws the page image with its features, scaled to the printed page, landscape when wide', () => {
    expect(mapOrientation(page)).toBe('landscape');
    expect(mapOrientation({ width: 800, height: 1100 })).toBe('portrait');
    const svg = mapSvg(page, features).text;
    expect(svg).toContain(`href="${assetUrl(page.imageKey)}"`);
    expect(svg).toContain('viewBox="0 0 940 470"');
    // The finding's marker is its number, drawn at its scaled position.
    expect(svg).toMatch(/<circle cx="235" cy="188"/);
    expect(svg).not.toContain('<script>');
  });

  it('lists each source once in the legend, escaped', () => {
    const legend = mapLegend([...features, features[0]!]).text;
    expect(legend.match(/Fence &lt;script&gt;/g)).toHaveLength(1);
    expect(legend).toContain('CA #4');
    expect(legend).toContain('Note');
    expect(legend).not.toContain('<script>');
    expect(mapLegend([]).text).toContain('Nothing is drawn on this map');
  });
});
