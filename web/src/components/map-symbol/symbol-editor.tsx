import { useId, useState, type ReactNode } from 'react';
import {
  ColorInput,
  Fieldset,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  clampMapSymbol,
  SYMBOL_EDITORS,
  SYMBOL_INPUT_RANGES,
  SYMBOL_LIMITS,
  THICKNESS_CHOICES,
  type AreaStyle,
  type LineStyle,
  type MapSymbol,
} from '@stormline/domain/map-symbol';
import { drawSymbol, SYMBOL_ICONS } from '@stormline/domain/symbol-drawing';
import { SvgNodes } from '../../lib/svg-nodes';
import { describeSymbol, SymbolPreview } from './symbol-preview';

const L = SYMBOL_LIMITS;
const R = SYMBOL_INPUT_RANGES;

const EDITOR_CHOICES = [
  { value: String(SYMBOL_EDITORS.line), label: 'Line' },
  { value: String(SYMBOL_EDITORS.icon), label: 'Icon' },
  { value: String(SYMBOL_EDITORS.circle), label: 'Circle' },
  { value: String(SYMBOL_EDITORS.polygon), label: 'Polygon' },
];
const STROKE_TYPE_CHOICES = [
  { value: '1', label: 'Single' },
  { value: '2', label: 'Double' },
  { value: '3', label: 'Triple' },
];
const STROKE_STYLE_CHOICES = [
  { value: 'solid', label: 'Solid' },
  { value: 'dash', label: 'Dash' },
  { value: 'dot', label: 'Dot' },
  { value: 'tick', label: 'Tick' },
];
const FILL_TYPE_CHOICES = [
  { value: 'solid', label: 'Solid' },
  { value: 'lines', label: 'Lines' },
  { value: 'hatch', label: 'Hatch' },
];
const FONT_CHOICES = [
  { value: 'Arial', label: 'Arial' },
  { value: 'Times New Roman', label: 'Times New Roman' },
];
const THICKNESS_VALUES: number[] = Object.values(THICKNESS_CHOICES);
const THICKNESS_OPTIONS = [
  ...Object.entries(THICKNESS_CHOICES).map(([label, value]) => ({ value: String(value), label })),
  { value: 'custom', label: 'Custom' },
];
/** The colours a site plan's symbols are usually drawn in, and the spec's defaults (§9). */
const SWATCHES = [
  '#000000',
  '#4D4D4D',
  '#999999',
  '#FFFFFF',
  '#F44E3B',
  '#FE9200',
  '#FCDC00',
  '#2FF363',
  '#68BC00',
  '#16A5A5',
  '#009CE0',
  '#7B64FF',
  '#AB149E',
  '#8B4513',
];

const HEX = /^#[0-9A-Fa-f]{6}$/;
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/**
 * The map symbol editor of spec 002 §9: how a legend item is drawn on a site map (a line, an icon,
 * a circle or a polygon, its strokes, ticks, arrow, fill and text), with a live preview drawn by
 * the map's own renderer. A controlled component: every change is brought inside the spec's ranges
 * (clampMapSymbol) before it reaches `onChange`, so what is shown is what the routes accept.
 */
export function SymbolEditor({
  value,
  onChange,
  disabled = false,
}: {
  value: MapSymbol;
  onChange: (symbol: MapSymbol) => void;
  disabled?: boolean;
}) {
  const set = (next: MapSymbol) => onChange(clampMapSymbol(next));
  const setLine = (patch: Partial<LineStyle>) => set({ ...value, line: { ...value.line, ...patch } });
  const setArea = (patch: Partial<AreaStyle>) => set({ ...value, area: { ...value.area, ...patch } });
  const setText = (patch: Partial<MapSymbol['text']>) => set({ ...value, text: { ...value.text, ...patch } });
  const captionId = useId();

  return (
    <Stack gap="md" data-testid="symbol-editor">
      <Stack gap={4} align="flex-start">
        <SymbolPreview symbol={value} width={300} height={84} />
        <Text fz="xs" c="dimmed" id={captionId} aria-live="polite">
          {capitalise(describeSymbol(value))}
        </Text>
      </Stack>
      <Choice
        label="Drawn as"
        value={String(value.editor)}
        data={EDITOR_CHOICES}
        disabled={disabled}
        onChange={(editor) => set({ ...value, editor: Number(editor) as MapSymbol['editor'] })}
      />
      {value.editor === SYMBOL_EDITORS.line && (
        <LineFields line={value.line} onChange={setLine} disabled={disabled} />
      )}
      {value.editor === SYMBOL_EDITORS.icon && (
        <IconFields
          symbol={value}
          onIcon={(icon) => set({ ...value, icon })}
          onArea={setArea}
          disabled={disabled}
        />
      )}
      {(value.editor === SYMBOL_EDITORS.circle || value.editor === SYMBOL_EDITORS.polygon) && (
        <AreaFields area={value.area} onChange={setArea} disabled={disabled} />
      )}
      <TextFields symbol={value} onChange={setText} disabled={disabled} />
    </Stack>
  );
}

function LineFields({
  line,
  onChange,
  disabled,
}: {
  line: LineStyle;
  onChange: (patch: Partial<LineStyle>) => void;
  disabled: boolean;
}) {
  return (
    <Fieldset legend="Line" disabled={disabled}>
      <Stack gap="sm">
        <ColorField label="Line colour" value={line.stroke} onChange={(stroke) => onChange({ stroke })} />
        <ThicknessField width={line.width} onChange={(width) => onChange({ width })} disabled={disabled} />
        <Choice
          label="Stroke type"
          value={String(line.strokeType)}
          data={STROKE_TYPE_CHOICES}
          disabled={disabled}
          onChange={(type) => onChange({ strokeType: Number(type) as LineStyle['strokeType'] })}
        />
        {line.strokeType > 1 && (
          <SliderField
            label="Line separation"
            unit="× thickness"
            value={line.separation}
            min={L.lineSeparation.min}
            max={L.lineSeparation.max}
            step={0.5}
            disabled={disabled}
            onChange={(separation) => onChange({ separation })}
          />
        )}
        <Choice
          label="Style"
          value={line.strokeStyle}
          data={STROKE_STYLE_CHOICES}
          disabled={disabled}
          onChange={(style) => onChange({ strokeStyle: style as LineStyle['strokeStyle'] })}
        />
        {line.strokeStyle === 'tick' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="tick-fields">
            <ColorField
              label="Tick colour"
              value={line.tickColor}
              onChange={(tickColor) => onChange({ tickColor })}
            />
            <NumberField
              label="Tick width"
              description="Pixels from one tick to the next"
              value={line.tickWidth}
              min={R.tickWidth.min}
              max={R.tickWidth.max}
              onChange={(tickWidth) => onChange({ tickWidth })}
            />
            <SliderField
              label="Tick height"
              unit="× thickness"
              value={line.tickHeight}
              min={L.tickHeight.min}
              max={L.tickHeight.max}
              step={L.tickHeight.step}
              disabled={disabled}
              onChange={(tickHeight) => onChange({ tickHeight })}
            />
          </SimpleGrid>
        )}
        <SliderField
          label="Opacity"
          value={line.opacity}
          min={L.opacity.min}
          max={L.opacity.max}
          step={0.05}
          format={percent}
          disabled={disabled}
          onChange={(opacity) => onChange({ opacity })}
        />
        <Switch
          label="Arrow at the end"
          checked={line.arrowScale != null}
          disabled={disabled}
          onChange={(event) =>
            onChange({ arrowScale: event.currentTarget.checked ? L.arrowScale.min : null })
          }
        />
        {line.arrowScale != null && (
          <SliderField
            label="Arrow size"
            unit="×"
            value={line.arrowScale}
            min={L.arrowScale.min}
            max={L.arrowScale.max}
            step={0.05}
            disabled={disabled}
            onChange={(arrowScale) => onChange({ arrowScale })}
          />
        )}
      </Stack>
    </Fieldset>
  );
}

/** Small 2, Medium 4, Large 6 (spec 002 §9), or a number of one's own (the default line is 5). */
function ThicknessField({
  width,
  onChange,
  disabled,
}: {
  width: number;
  onChange: (width: number) => void;
  disabled: boolean;
}) {
  const [custom, setCustom] = useState(!THICKNESS_VALUES.includes(width));
  return (
    <Stack gap="xs">
      <Choice
        label="Thickness"
        value={custom ? 'custom' : String(width)}
        data={THICKNESS_OPTIONS}
        disabled={disabled}
        onChange={(choice) => {
          setCustom(choice === 'custom');
          if (choice !== 'custom') onChange(Number(choice));
        }}
      />
      {custom && (
        <NumberField
          label="Thickness in pixels"
          value={width}
          min={R.width.min}
          max={R.width.max}
          onChange={onChange}
        />
      )}
    </Stack>
  );
}

function AreaFields({
  area,
  onChange,
  disabled,
}: {
  area: AreaStyle;
  onChange: (patch: Partial<AreaStyle>) => void;
  disabled: boolean;
}) {
  const patterned = area.fillType !== 'solid';
  return (
    <Fieldset legend="Area" disabled={disabled}>
      <Stack gap="sm">
        <ColorField label="Fill colour" value={area.fill} onChange={(fill) => onChange({ fill })} />
        <Choice
          label="Fill type"
          value={area.fillType}
          data={FILL_TYPE_CHOICES}
          disabled={disabled}
          onChange={(fillType) => onChange({ fillType: fillType as AreaStyle['fillType'] })}
        />
        {patterned && (
          <SimpleGrid cols={2} spacing="sm" data-testid="pattern-fields">
            <NumberField
              label="Line size"
              value={area.lineSize}
              min={R.width.min}
              max={R.width.max}
              onChange={(lineSize) => onChange({ lineSize })}
            />
            <NumberField
              label="Separation"
              value={area.separation}
              min={R.areaSeparation.min}
              max={R.areaSeparation.max}
              onChange={(separation) => onChange({ separation })}
            />
          </SimpleGrid>
        )}
        <SliderField
          label="Fill opacity"
          value={area.fillOpacity}
          min={L.fillOpacity.min}
          max={L.fillOpacity.max}
          step={0.05}
          format={percent}
          disabled={disabled}
          onChange={(fillOpacity) => onChange({ fillOpacity })}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <ColorField
            label="Boundary colour"
            value={area.stroke}
            onChange={(stroke) => onChange({ stroke })}
          />
          <NumberField
            label="Boundary thickness"
            value={area.width}
            min={L.boundaryThickness.min}
            max={L.boundaryThickness.max}
            onChange={(width) => onChange({ width })}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

function IconFields({
  symbol,
  onIcon,
  onArea,
  disabled,
}: {
  symbol: MapSymbol;
  onIcon: (icon: string) => void;
  onArea: (patch: Partial<AreaStyle>) => void;
  disabled: boolean;
}) {
  return (
    <Fieldset legend="Icon" disabled={disabled}>
      <Stack gap="sm">
        <Select
          label="Icon"
          data={SYMBOL_ICONS.map((icon) => ({ value: icon.name, label: icon.label }))}
          value={symbol.icon ?? SYMBOL_ICONS[0]!.name}
          onChange={(icon) => icon && onIcon(icon)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <ColorField label="Icon colour" value={symbol.area.fill} onChange={(fill) => onArea({ fill })} />
          <ColorField
            label="Outline colour"
            value={symbol.area.stroke}
            onChange={(stroke) => onArea({ stroke })}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

function TextFields({
  symbol,
  onChange,
  disabled,
}: {
  symbol: MapSymbol;
  onChange: (patch: Partial<MapSymbol['text']>) => void;
  disabled: boolean;
}) {
  const { text } = symbol;
  return (
    <Fieldset legend="Text" disabled={disabled}>
      <Stack gap="sm">
        {text.label && <TextSample symbol={symbol} />}
        <TextInput
          label="Text label"
          description={`At most ${L.textLabel} characters`}
          value={text.label}
          maxLength={L.textLabel}
          onChange={(event) => onChange({ label: event.currentTarget.value })}
        />
        <Choice
          label="Font"
          value={text.font}
          data={FONT_CHOICES}
          disabled={disabled}
          onChange={(font) => onChange({ font: font as MapSymbol['text']['font'] })}
        />
        <NumberField
          label="Text size"
          value={text.size}
          min={R.textSize.min}
          max={R.textSize.max}
          onChange={(size) => onChange({ size })}
        />
      </Stack>
    </Fieldset>
  );
}

/** The label as a text shape draws it on the map: its font, size and colour. */
function TextSample({ symbol }: { symbol: MapSymbol }) {
  const width = 300;
  const height = symbol.text.size + 16;
  const nodes = drawSymbol(
    symbol,
    { kind: 'text', at: [width / 2, height / 2], text: symbol.text.label },
    { idPrefix: 'text-sample' },
  );
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Text sample: ${symbol.text.label} in ${symbol.text.font} ${symbol.text.size}`}
      style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
    >
      <SvgNodes nodes={nodes} />
    </svg>
  );
}

/** A labelled segmented control: the choices are radios in a group named by the label. */
function Choice({
  label,
  value,
  data,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  data: { value: string; label: string }[];
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Input.Label labelElement="div" id={id}>
        {label}
      </Input.Label>
      <SegmentedControl
        aria-labelledby={id}
        data={data}
        value={value}
        onChange={onChange}
        disabled={disabled}
        fullWidth
        size="sm"
      />
    </Stack>
  );
}

/**
 * A slider with its label and value beside it: arrow keys step it, Home and End reach its ends
 * (Mantine's slider), so the range of §9 cannot be left.
 */
function SliderField({
  label,
  unit,
  value,
  min,
  max,
  step,
  format = (v) => String(v),
  disabled,
  onChange,
}: {
  label: string;
  unit?: string;
  value: number;
  min: number;
  max: number;
  step: number;
  format?: (value: number) => string;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const shown = `${format(value)}${unit ? ` ${unit}` : ''}`;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Input.Label labelElement="div">{label}</Input.Label>
        <Text component="span" fz="sm" c="dimmed" aria-hidden>
          {shown}
        </Text>
      </Group>
      <Slider
        thumbLabel={label}
        thumbValueText={() => shown}
        value={value}
        min={min}
        max={max}
        step={step}
        label={null}
        // A 24 px thumb: the tap target the phone layouts hold every control to (0024).
        thumbSize={24}
        disabled={disabled}
        onChange={(next) => onChange(twoDecimals(next))}
      />
    </Stack>
  );
}

/**
 * A number box kept inside its range: while typing, the box shows what is typed and the symbol
 * takes it brought inside the range; leaving the box shows the value taken.
 */
function NumberField({
  label,
  description,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  description?: ReactNode;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const [draft, setDraft] = useState<string | number | null>(null);
  return (
    <NumberInput
      label={label}
      description={description}
      value={draft ?? value}
      min={min}
      max={max}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      onChange={(next) => {
        setDraft(next);
        if (typeof next === 'number' && Number.isFinite(next)) onChange(Math.min(max, Math.max(min, next)));
      }}
      onBlur={() => setDraft(null)}
    />
  );
}

/** A colour box taking #RRGGBB (what the routes store): a colour half typed is not passed on. */
function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (colour: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <ColorInput
      label={label}
      format="hex"
      withEyeDropper={false}
      swatches={SWATCHES}
      swatchesPerRow={7}
      fixOnBlur={false}
      value={draft ?? value}
      onChange={(next) => {
        setDraft(next);
        if (HEX.test(next)) onChange(next.toUpperCase());
      }}
      onBlur={() => setDraft(null)}
    />
  );
}

const percent = (value: number) => `${Math.round(value * 100)}%`;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
