import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultMapSymbol, type MapSymbol } from '@stormline/domain/map-symbol';
import { renderWithApp } from '../../testing/render';
import { SymbolEditor } from './symbol-editor';

/** The editor as a form holds it: its value in state, every change also seen by the test. */
function Harness({ initial, seen }: { initial: MapSymbol; seen: (symbol: MapSymbol) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <SymbolEditor
      value={value}
      onChange={(next) => {
        seen(next);
        setValue(next);
      }}
    />
  );
}

function open(initial: MapSymbol = defaultMapSymbol('control_measure')) {
  const seen = vi.fn<(symbol: MapSymbol) => void>();
  renderWithApp(<Harness initial={initial} seen={seen} />);
  const last = () => seen.mock.calls.at(-1)![0];
  return { seen, last, user: userEvent.setup() };
}

const choose = async (user: ReturnType<typeof userEvent.setup>, group: string, option: string) =>
  user.click(within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: option }));

const preview = () => screen.getByRole('img', { name: /^Map symbol:/ });

describe('the map symbol editor (spec 002 §9)', () => {
  it('shows the tick colour, width and height once the style is Tick, and the preview says so', async () => {
    const { user, last } = open();
    expect(preview().getAttribute('aria-label')).toBe('Map symbol: single solid line, #000000, width 5');
    expect(screen.queryByLabelText('Tick colour')).toBeNull();
    expect(screen.queryByRole('slider', { name: 'Tick height' })).toBeNull();

    await choose(user, 'Style', 'Tick');

    expect(last().line.strokeStyle).toBe('tick');
    expect(screen.getByLabelText('Tick colour')).toHaveProperty('value', '#F44E3B');
    expect(screen.getByLabelText(/^Tick width/)).toHaveProperty('value', '20');
    expect(screen.getByRole('slider', { name: 'Tick height' }).getAttribute('aria-valuenow')).toBe('2');
    expect(preview().getAttribute('aria-label')).toBe(
      'Map symbol: single tick line, #000000, width 5, ticks #F44E3B',
    );
    // The preview draws the ticks in their colour.
    expect(preview().querySelector('path[stroke="#F44E3B"]')).not.toBeNull();
  });

  it('keeps numbers inside their ranges: boundary thickness 1 to 15, tick height 2 to 10 in steps of 2', async () => {
    const { user, last } = open(defaultMapSymbol('pollutant'));
    const thickness = screen.getByLabelText('Boundary thickness');
    await user.clear(thickness);
    await user.type(thickness, '40');
    expect(last().area.width).toBe(15);
    await user.tab();
    expect(thickness).toHaveProperty('value', '15');

    await choose(user, 'Drawn as', 'Line');
    await choose(user, 'Style', 'Tick');
    const height = screen.getByRole('slider', { name: 'Tick height' });
    height.focus();
    await user.keyboard('{ArrowRight}');
    expect(last().line.tickHeight).toBe(4);
    await user.keyboard('{End}{ArrowRight}');
    expect(last().line.tickHeight).toBe(10);
    expect(height.getAttribute('aria-valuenow')).toBe('10');
  });

  it('turns the arrow on at scale 1 and keeps it between 1 and 1.75', async () => {
    const { user, last } = open();
    await user.click(screen.getByRole('switch', { name: 'Arrow at the end' }));
    expect(last().line.arrowScale).toBe(1);
    const size = screen.getByRole('slider', { name: 'Arrow size' });
    size.focus();
    await user.keyboard('{End}{ArrowRight}');
    expect(last().line.arrowScale).toBe(1.75);
    await user.keyboard('{Home}{ArrowLeft}');
    expect(last().line.arrowScale).toBe(1);
    expect(preview().getAttribute('aria-label')).toMatch(/, arrow$/);
  });

  it('draws an area with a hatch fill, its pattern fields and opacity, and renames the preview', async () => {
    const { user, last } = open();
    await choose(user, 'Drawn as', 'Polygon');
    expect(screen.queryByTestId('pattern-fields')).toBeNull();
    await choose(user, 'Fill type', 'Hatch');
    expect(screen.getByTestId('pattern-fields')).toBeTruthy();
    const opacity = screen.getByRole('slider', { name: 'Fill opacity' });
    opacity.focus();
    await user.keyboard('{Home}');
    expect(last()).toMatchObject({ editor: 3, area: { fillType: 'hatch', fillOpacity: 0.05 } });
    expect(preview().getAttribute('aria-label')).toBe(
      'Map symbol: polygon, hatch fill #999999, opacity 5%, boundary #4D4D4D width 5',
    );
    expect(preview().querySelector('pattern')).not.toBeNull();
  });

  it('takes a colour once it is whole, and Small, Medium, Large or a thickness of its own', async () => {
    const { user, seen, last } = open();
    const colour = screen.getByLabelText('Line colour');
    await user.clear(colour);
    await user.type(colour, '#1c7');
    expect(seen.mock.calls.some(([symbol]) => symbol.line.stroke !== '#000000')).toBe(false);
    await user.type(colour, 'ed6');
    expect(last().line.stroke).toBe('#1C7ED6');

    // The default 5 is none of the three choices: Custom, with its number.
    expect(screen.getByRole('radio', { name: 'Custom' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Thickness in pixels')).toHaveProperty('value', '5');
    await choose(user, 'Thickness', 'Large');
    expect(last().line.width).toBe(6);
    expect(screen.queryByLabelText('Thickness in pixels')).toBeNull();
  });

  it('keeps a text label to 10 characters, in Arial or Times New Roman, size 22 by default', async () => {
    const { user, last } = open();
    expect(screen.getByLabelText(/^Text size/)).toHaveProperty('value', '22');
    await user.type(screen.getByLabelText(/^Text label/), 'Silt fence north');
    expect(last().text.label).toBe('Silt fence');
    await choose(user, 'Font', 'Times New Roman');
    expect(last().text).toEqual({ label: 'Silt fence', font: 'Times New Roman', size: 22 });
    const sample = screen.getByRole('img', { name: 'Text sample: Silt fence in Times New Roman 22' });
    expect(sample.querySelector('text')!.getAttribute('font-family')).toMatch(/^'Times New Roman'/);
  });

  it('chooses an icon', async () => {
    const { user, last } = open();
    await choose(user, 'Drawn as', 'Icon');
    await user.click(screen.getByRole('combobox', { name: 'Icon' }));
    await user.click(screen.getByRole('option', { name: 'Storm drain inlet' }));
    expect(last()).toMatchObject({ editor: 1, icon: 'inlet' });
    expect(preview().getAttribute('aria-label')).toBe('Map symbol: icon Storm drain inlet, #999999');
  });
});
