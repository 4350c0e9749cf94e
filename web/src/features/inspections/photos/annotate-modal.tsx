import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { MAX_PHOTO_ANNOTATIONS } from '@stormline/domain/uploads';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';
import { pointOnPhoto } from './photo-geometry';
import { TurnedPhoto, type Annotation, type PhotoShape } from './turned-photo';

type Tool = Annotation['kind'];

const COLOURS = [
  { value: '#e03131', name: 'Red' },
  { value: '#f59f00', name: 'Orange' },
  { value: '#1c7ed6', name: 'Blue' },
  { value: '#2f9e44', name: 'Green' },
] as const;

/** How far one arrow-key press moves the keyboard pointer, as a fraction of the photo. */
const KEY_STEP = 0.05;

const clamp = (fraction: number) => Math.min(1, Math.max(0, fraction));

const MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-KEY_STEP, 0],
  ArrowRight: [KEY_STEP, 0],
  ArrowUp: [0, -KEY_STEP],
  ArrowDown: [0, KEY_STEP],
};

/**
 * Marking up a photo: choose a shape and a colour, then click where it goes, or move the pointer
 * with the arrow keys and press Enter. The photo shows turned as it is everywhere else; the marks
 * are kept in the photo's own pixels. Save keeps them.
 */
export function AnnotateModal({
  photo,
  src,
  initial,
  onClose,
  onSave,
}: {
  photo: PhotoShape;
  src: string;
  initial: readonly Annotation[];
  onClose: () => void;
  onSave: (annotations: Annotation[]) => Promise<void>;
}) {
  const [annotations, setAnnotations] = useState<Annotation[]>([...initial]);
  const [tool, setTool] = useState<Tool>('circle');
  const [color, setColor] = useState<string>(COLOURS[0].value);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The keyboard's pointer, in fractions of the shown photo; shown while the photo has focus.
  const [pointer, setPointer] = useState({ u: 0.5, v: 0.5 });
  const [focused, setFocused] = useState(false);

  /** Places a mark at (u, v), fractions of the shown (turned) photo. */
  const place = (u: number, v: number) => {
    if (tool === 'text' && !text.trim()) return setError('Type the text first, then click where it goes.');
    if (annotations.length >= MAX_PHOTO_ANNOTATIONS)
      return setError(`A photo holds at most ${MAX_PHOTO_ANNOTATIONS} marks. Remove one to add another.`);
    setError(null);
    const { x, y } = pointOnPhoto(clamp(u), clamp(v), photo.rotation);
    setAnnotations((all) => [
      ...all,
      {
        kind: tool,
        x: Math.round(x * photo.width),
        y: Math.round(y * photo.height),
        color,
        ...(tool === 'text' ? { text: text.trim() } : {}),
      },
    ]);
  };

  return (
    <Modal opened onClose={onClose} title={`Annotate ${photo.name}`} size="lg" radius="lg">
      <Stack>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SegmentedControl
            aria-label="Shape"
            value={tool}
            onChange={(v) => setTool(v as Tool)}
            data={[
              { value: 'circle', label: 'Circle' },
              { value: 'rectangle', label: 'Rectangle' },
              { value: 'arrow', label: 'Arrow' },
              { value: 'text', label: 'Text' },
            ]}
          />
          <SegmentedControl
            aria-label="Colour"
            value={color}
            onChange={setColor}
            data={COLOURS.map((c) => ({
              value: c.value,
              label: (
                <Group gap={6} wrap="nowrap">
                  <span aria-hidden style={{ width: 12, height: 12, borderRadius: 6, background: c.value }} />
                  {c.name}
                </Group>
              ),
            }))}
          />
        </Group>
        {tool === 'text' && (
          <TextInput
            label="Text"
            maxLength={200}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        )}
        <Text fz="xs" c="dimmed">
          Click the photo where the mark goes, or move the pointer with the arrow keys and press Enter.
        </Text>
        <div
          role="button"
          tabIndex={0}
          aria-label="Photo to annotate: click, or use the arrow keys and Enter, to place the mark"
          style={{ cursor: 'crosshair' }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            place((e.clientX - box.left) / box.width, (e.clientY - box.top) / box.height);
          }}
          onKeyDown={(e) => {
            const move = MOVES[e.key];
            if (move) {
              e.preventDefault();
              setPointer((p) => ({ u: clamp(p.u + move[0]), v: clamp(p.v + move[1]) }));
            } else if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              place(pointer.u, pointer.v);
            }
          }}
        >
          <TurnedPhoto photo={photo} src={src} annotations={annotations}>
            {focused && (
              <span
                aria-hidden
                data-testid="annotation-pointer"
                style={{
                  position: 'absolute',
                  left: `${pointer.u * 100}%`,
                  top: `${pointer.v * 100}%`,
                  width: 18,
                  height: 18,
                  marginLeft: -9,
                  marginTop: -9,
                  borderRadius: 9,
                  border: '2px solid white',
                  boxShadow: '0 0 0 2px #1c7ed6',
                  pointerEvents: 'none',
                }}
              />
            )}
          </TurnedPhoto>
        </div>
        {annotations.length > 0 && (
          <Stack gap={4}>
            {annotations.map((a, i) => (
              <Group key={i} gap="xs">
                <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: a.color }} />
                <Text fz="sm">
                  {a.kind === 'text' ? `Text “${a.text}”` : a.kind[0]!.toUpperCase() + a.kind.slice(1)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove mark ${i + 1}`}
                  onClick={() => setAnnotations((all) => all.filter((_, j) => j !== i))}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        {error && <ServerError>{error}</ServerError>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onSave(annotations);
                onClose();
              } catch (failure) {
                setError(errorMessage(failure, 'An error has occurred'));
                setBusy(false);
              }
            }}
          >
            Save annotations
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
